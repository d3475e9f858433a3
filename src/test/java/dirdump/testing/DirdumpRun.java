package dirdump.testing;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.Main;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Runs dirdump in this JVM, as the command line would, and keeps what it printed: stdout also as
 * the bytes it was, for output that is not text (order -0). Standard input is empty unless given.
 */
public record DirdumpRun(int status, String out, String err, byte[] outBytes) {

    public static DirdumpRun of(Object... args) {
        return withInput(new byte[0], args);
    }

    /** Runs with {@code stdin} as standard input (for --files-from -). */
    public static DirdumpRun withInput(byte[] stdin, Object... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] argv = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        int status = Main.run(argv, new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new DirdumpRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                out.toByteArray());
    }

    /** Runs with --json added. */
    public static DirdumpRun json(Object... args) {
        Object[] withJson = Arrays.copyOf(args, args.length + 1);
        withJson[args.length] = "--json";
        return of(withJson);
    }

    /** The --json record, checked against the schema the project ships: every test that reads one checks it so. */
    public JsonObject summary() {
        RunSchema.check(out);
        return JsonParser.parseString(out).getAsJsonObject();
    }

    public long count(String field) {
        return summary().get(field).getAsLong();
    }

    /** The residency of the files {@code when} ("before", "after") the read, from its --json record. */
    public JsonObject pageCache(String when) {
        return summary().getAsJsonObject("page_cache").getAsJsonObject(when);
    }

    public long skipped(String reason) {
        return summary().getAsJsonObject("skipped").get(reason).getAsLong();
    }

    /** The lines of stdout (dirdump order). */
    /** stderr with the summary's lines that went on below (80 columns, see report.Wrapped) joined again. */
    public String errUnwrapped() {
        return unwrapped(err);
    }

    /** {@code text} with the lines that went on below (indented by four or more) joined again. */
    public static String unwrapped(String text) {
        return text.replaceAll("\n {4,}", " ");
    }

    public List<String> outLines() {
        return out.isEmpty() ? List.of() : Arrays.asList(out.split("\n"));
    }

    /** The paths -v listed as read, in the order they were read. */
    public List<String> readOrder() {
        List<String> paths = new ArrayList<>();
        for (String line : err.split("\n")) {
            if (line.endsWith(" bytes)")) {
                paths.add(line.substring(0, line.lastIndexOf(" (")));
            }
        }
        return paths;
    }
}
