package dirdump.bench;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;

/**
 * An outside command ({@code --vs}), run through {@code sh -c} with its output discarded and timed
 * from start to exit, its own start included. What it read is not known, so it is credited with the
 * files under the PATHs.
 */
public final class CommandVariant implements Variant {
    private final String command;
    private final FileSet files;

    public CommandVariant(String command, FileSet files) {
        this.command = command;
        this.files = files;
    }

    @Override
    public String label() {
        return command;
    }

    @Override
    public String kind() {
        return "command";
    }

    @Override
    public Outcome run() {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", command)
                .redirectInput(Redirect.from(new File("/dev/null")))  // never bench's own stdin
                .redirectOutput(Redirect.DISCARD)
                .redirectError(Redirect.DISCARD);
        long start = System.nanoTime();
        int status;
        try {
            status = waitFor(pb.start());
        } catch (IOException e) {
            return new Outcome(System.nanoTime() - start, 0, 0, "cannot start sh: " + e.getMessage());
        }
        long nanos = System.nanoTime() - start;
        return new Outcome(nanos, files.files(), files.bytes(),
                status == 0 ? null : "exit status " + status + " (its output is discarded: run it alone to see why)");
    }

    private static int waitFor(Process p) {
        while (true) {
            try {
                return p.waitFor();
            } catch (InterruptedException e) {
                // nothing interrupts bench's thread; the run is timed to its end
            }
        }
    }
}
