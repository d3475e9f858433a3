package dirdump.report;

import dirdump.outcome.Units;
import dirdump.read.ReadLimits;
import dirdump.run.ReadRun;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.IntSupplier;

/**
 * The progress line of a read, on stderr, redrawn ten times a second from the readers' live counts:
 * percent, files done of those listed (so far, while the walk goes on), bytes, rate, elapsed time and time left, cut to the
 * terminal's width. The listing gives no sizes (getdents64 has none): the readers count the size
 * fstat gives of each file they take, so the percent and the time left go by bytes from the first
 * files taken, and a few big files read side by side do not sit at 0 %. Nothing here asks the
 * file system.
 */
public final class ReadProgress implements ReadRun.Progress.Shown {
    private static final long INTERVAL_MILLIS = 100;

    private final StatusLine line;
    private final Thread drawer;
    private volatile boolean done;

    /** The progress line of a read on the reporter's stream (a terminal: the caller checks), {@code columns} wide. */
    public static ReadRun.Progress on(StderrReporter reporter, IntSupplier columns) {
        return (limits, files) -> new ReadProgress(reporter, columns, limits, files);
    }

    ReadProgress(StderrReporter reporter, IntSupplier columns, ReadLimits limits, IntSupplier total) {
        this.line = reporter.statusLine(columns);
        long start = System.nanoTime();
        this.drawer = new Thread(() -> {
            while (!done) {
                line.draw(text(new Counts(limits.files(), total.getAsInt(), limits.bytes(), limits.filesTaken(),
                        limits.sizesTaken(), limits.bytesLeftAlone(), (System.nanoTime() - start) / 1e9),
                        line.width()));
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

    /**
     * What the line tells: {@code files} done of {@code total}, {@code bytes} brought in; of the files
     * taken so far ({@code taken}), their sizes ({@code sizesTaken}) and the bytes of them not to be
     * brought in ({@code leftAlone}: cached already, or not asked for), which are done all the same.
     */
    record Counts(long files, int total, long bytes, long taken, long sizesTaken, long leftAlone, double seconds) {
        /** The bytes of all the files, once every one is taken; else -1. */
        long sizes() {
            return taken >= total ? sizesTaken : -1;
        }

        /**
         * How much is done, 0 to 1: by bytes once a file is sized, the files not taken yet counted at the
         * mean size of those taken; by files before.
         */
        double fraction() {
            if (files >= total) {
                return 1;
            }
            double f = taken > 0 && sizesTaken > 0
                    ? (bytes + leftAlone) / (sizesTaken + (total - taken) * (sizesTaken / (double) taken))
                    : files / (double) total;
            return Math.min(f, 0.999);  // not 100 % before the last file is done (files grow)
        }
    }

    /** A part of the line, and how much it matters: the least is left out first when the line is too wide. */
    private record Part(String text, int rank) {
    }

    /**
     * "dirdump: 45%, 3 of 40 files, 1.2 GiB of 2.6 GiB, 110.0 MiB/s, 0:12 elapsed, 0:15 left", with
     * the parts that matter least left out until it fits in {@code width}.
     */
    static String text(Counts c, int width) {
        double fraction = c.fraction();
        List<Part> parts = new ArrayList<>();
        parts.add(new Part(String.format(Locale.ROOT, "dirdump: %d%%", (int) (fraction * 100)), 0));
        parts.add(new Part(String.format(Locale.ROOT, "%,d of %,d files", c.files(), c.total()), 3));
        long sizes = c.sizes();
        parts.add(new Part(Units.bytes(c.bytes()) + (sizes >= 0 ? " of " + Units.bytes(sizes) : ""), 4));
        parts.add(new Part(String.format(Locale.ROOT, "%.1f MiB/s", c.seconds() > 0 ? c.bytes() / Units.MIB / c.seconds() : 0.0), 5));
        parts.add(new Part(clock(c.seconds()) + " elapsed", 2));
        if (fraction > 0 && fraction < 1) {
            parts.add(new Part(clock(c.seconds() * (1 - fraction) / fraction) + " left", 1));
        }
        String text = join(parts);
        while (text.length() > width && parts.size() > 1) {
            parts.remove(parts.stream().max(Comparator.comparingInt(Part::rank)).orElseThrow());
            text = join(parts);
        }
        return text;
    }

    private static String join(List<Part> parts) {
        return String.join(", ", parts.stream().map(Part::text).toList());
    }

    /** "0:07", "12:30", "1:02:03": as a stopwatch shows it. */
    static String clock(double seconds) {
        long s = (long) seconds;
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
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
