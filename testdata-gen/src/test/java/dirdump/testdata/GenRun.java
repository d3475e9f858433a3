package dirdump.testdata;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Runs the generator in this JVM, as the command line would (stderr not a terminal), and keeps what it printed. */
record GenRun(int status, String out, String err) {
    static GenRun of(Object... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        String[] argv = Arrays.stream(args).map(String::valueOf).toArray(String[]::new);
        int status = TestdataGen.run(argv, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new GenRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
