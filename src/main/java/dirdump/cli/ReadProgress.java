package dirdump.cli;

import dirdump.read.ReadControl;
import dirdump.report.HumanSummary;
import dirdump.report.StatusLine;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The progress line of a read, on stderr, redrawn ten times a second from the readers' live counts:
 * files done of the listed total, bytes, rate and time left.
 */
final class ReadProgress implements AutoCloseable {
    private static final long INTERVAL_MILLIS = 100;

    private final StatusLine line;
    private final Thread drawer;
    private volatile boolean done;

    ReadProgress(PrintStream err, ReadControl control, int total) {
        this.line = new StatusLine(err);
        long start = System.nanoTime();
        this.drawer = new Thread(() -> {
            while (!done) {
                line.draw(text(control, total, (System.nanoTime() - start) / 1e9));
                try {
                    Thread.sleep(INTERVAL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "progress");
        drawer.setDaemon(true);
        drawer.start();
    }

    static String text(ReadControl control, int total, double seconds) {
        long files = control.files();
        long bytes = control.bytes();
        double filesPerSecond = seconds > 0 ? files / seconds : 0;
        String left = filesPerSecond > 0 && files < total
                ? String.format(Locale.ROOT, ", %.0f s left", (total - files) / filesPerSecond) : "";
        return String.format(Locale.ROOT, "dirdump: %,d of %,d files (%d%%), %s, %.1f MiB/s%s", files, total,
                total == 0 ? 100 : files * 100 / total, HumanSummary.bytes(bytes),
                seconds > 0 ? bytes / HumanSummary.MIB / seconds : 0.0, left);
    }

    @Override
    public void close() {
        done = true;
        drawer.interrupt();
        try {
            drawer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        line.erase();
    }
}
