package dirdump.report;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A summary's lines within 80 columns, the width of a terminal that says nothing of its own (a mail
 * from cron, a log viewer): each longer line is broken at its last space before column 80, and goes
 * on below indented four columns past its own indent. A word longer than that (a long path) is
 * left whole. Written to {@code err} line by line, so that its errors are the caller's to check.
 */
public final class Wrapped extends OutputStream {
    /** The widest a summary's line is. */
    public static final int COLUMNS = 80;

    private final PrintStream err;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    private Wrapped(PrintStream err) {
        this.err = err;
    }

    /** A stream to print a summary through, onto {@code err}. */
    public static PrintStream of(PrintStream err) {
        return new PrintStream(new Wrapped(err), true, StandardCharsets.UTF_8);
    }

    @Override
    public void write(int b) {
        if (b != '\n') {
            line.write(b);
            return;
        }
        String text = line.toString(StandardCharsets.UTF_8);
        line.reset();
        lines(text).forEach(err::println);
    }

    /** {@code text} (one line) as the lines it takes within {@link #COLUMNS}. */
    static List<String> lines(String text) {
        List<String> lines = new ArrayList<>();
        String indent = text.substring(0, text.length() - text.stripLeading().length()) + "    ";
        while (text.codePointCount(0, text.length()) > COLUMNS) {
            int cut = text.lastIndexOf(' ', text.offsetByCodePoints(0, COLUMNS));
            if (cut <= indent.length()) {
                cut = text.indexOf(' ', text.offsetByCodePoints(0, COLUMNS));  // a word wider than the line
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
