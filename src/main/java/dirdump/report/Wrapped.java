package dirdump.report;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * A summary's lines within the width of the terminal on stderr: each longer line is broken at its last
 * space before the edge, and goes on below indented four columns past its own indent. A word longer
 * than that (a long path) is left whole. Into a file or a pipe nothing is broken: what reads it
 * (head, grep, a log) gets each line whole. Written to {@code err} line by line, so that its errors
 * are the caller's to check.
 */
public final class Wrapped extends OutputStream {
    /** A width that breaks nothing. */
    public static final int WHOLE = 0;
    /** The width of stderr, asked at each summary: set once by the command line (cli.CommandLines), which knows the terminal. */
    private static volatile IntSupplier stderrWidth = () -> WHOLE;

    private final PrintStream err;
    private final int columns;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private Wrapped(PrintStream err, int columns) {
        this.err = err;
        this.columns = columns;
    }

    /** A stream to print a summary through, onto {@code err} (the process's stderr, whose width it asks). */
    public static PrintStream of(PrintStream err) {
        return new PrintStream(new Wrapped(err, stderrColumns()), true, StandardCharsets.UTF_8);
    }

    /** Where {@link #stderrColumns} asks: the terminal's width, or {@link #WHOLE} when stderr is no terminal. */
    public static void stderrWidth(IntSupplier width) {
        stderrWidth = width;
    }

    /** The width of stderr now: the terminal's; {@link #WHOLE} when it is no terminal. */
    public static int stderrColumns() {
        return stderrWidth.getAsInt();
    }

    @Override
    public void write(int b) {
        if (b != '\n') {
            line.write(b);
            return;
        }
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        lines(text, columns).forEach(err::println);
    }

    /** {@code text} (one line) as the lines it takes within {@code columns} ({@link #WHOLE}: as it is). */
    public static List<String> lines(String text, int columns) {
        List<String> lines = new ArrayList<>();
        String indent = text.substring(0, text.length() - text.stripLeading().length()) + "    ";
        while (columns > WHOLE && text.codePointCount(0, text.length()) > columns) {
            int cut = text.lastIndexOf(' ', text.offsetByCodePoints(0, columns));
            if (cut <= indent.length()) {
                cut = text.indexOf(' ', text.offsetByCodePoints(0, columns));  // a word wider than the line
                if (cut < 0) {
                    break;
                }
            }
            lines.add(text.substring(0, cut));
            text = indent + text.substring(cut + 1);
        }
        lines.add(text);
        return lines;
    }

    @Override
    public void flush() {
        err.flush();
    }
}
