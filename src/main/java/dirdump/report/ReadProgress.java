package dirdump.report;

import dirdump.outcome.Units;
import dirdump.read.ReadLimits;
import dirdump.run.OrderedFiles;
import dirdump.run.Warmup;
import dirdump.scan.FileOpener;
import dirdump.sys.Stat;
import dirdump.sys.Terminal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The progress line of a read, on stderr, redrawn ten times a second from the readers' live counts:
 * percent, files done of the listed total, bytes, rate, elapsed time and time left, cut to the
 * terminal's width. The listing gives no sizes (getdents64 has none), so the drawing thread stats the
 * listed files itself, in read order, between redraws: from then on the percent and the time left go
 * by bytes, and a few big files no longer sit at 0 %. This is done only when the line is drawn, that
 * is, when someone watches.
 */
public final class ReadProgress implements Warmup.Progress.Shown {
    private static final long INTERVAL_MILLIS = 100;
    /** At most this long of each interval is spent stat'ing, so that the line keeps moving. */
    private static final long SIZING_NANOS = 20_000_000L;

    private final StatusLine line;
    private final Thread drawer;
    private volatile boolean done;

    /** The progress line of a read on the reporter's stream (a terminal: the caller checks). */
    public static Warmup.Progress on(StderrReporter reporter) {
        return (control, files) -> new ReadProgress(reporter, control, files);
    }

    ReadProgress(StderrReporter reporter, ReadLimits control, OrderedFiles selection) {
        this.line = reporter.statusLine(Terminal::columns);
        int[] sequence = selection.sequence();
        FileOpener opener = new FileOpener(selection.os(), selection.listing(), reporter, FileOpener.Use.SIZE);
        long start = System.nanoTime();
        this.drawer = new Thread(() -> {
            // sizeBefore[i]: the bytes of the files read before the i-th, by the sizes stat gave.
            long[] sizeBefore = new long[sequence.length + 1];
            int sized = 0;
            while (!done) {
                long until = System.nanoTime() + SIZING_NANOS;
                while (sized < sequence.length && System.nanoTime() - until < 0 && !done) {
                    Stat st = opener.stat(sequence[sized]);
                    sizeBefore[sized + 1] = sizeBefore[sized] + (st == null ? 0 : st.size);
                    sized++;
                }
                long files = control.files();
                long sizes = sized == sequence.length ? sizeBefore[sized] : -1;
                long doneBytes = sizes < 0 ? 0 : sizeBefore[(int) Math.min(files, sequence.length)];
                line.draw(text(new Counts(files, sequence.length, control.bytes(), sizes, doneBytes,
                        (System.nanoTime() - start) / 1e9), line.width()));
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
     * What the line tells. {@code sizes}: the bytes of all the listed files, or -1 until known;
     * {@code doneBytes}: of the first {@code files} of them, which is what those done add up to when the
     * readers skip cached files (their bytes are never read, but they are done).
     */
    record Counts(long files, int total, long bytes, long sizes, long doneBytes, double seconds) {
        /** How much is done, 0 to 1: by bytes when the sizes are known, else by files. */
        double fraction() {
            if (files >= total) {
                return 1;
            }
            double f = sizes > 0 ? Math.max(doneBytes, bytes) / (double) sizes : files / (double) total;
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
        parts.add(new Part(Units.bytes(c.bytes()) + (c.sizes() >= 0 ? " of " + Units.bytes(c.sizes()) : ""), 4));
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
