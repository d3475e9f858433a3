package dirdump.read;

import dirdump.cache.BeforeAfter;
import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the files in sequence order with {@code jobs} readers. They share one cursor, so the files
 * are started in order while up to {@code jobs} reads are in flight; each has its own buffer and counts.
 */
public final class ReadRun {
    /** What the readers counted, and the residency of the files before and after. */
    public record Result(Tally tally, BeforeAfter residency) {
    }

    private ReadRun() {
    }

    /** {@code skipCached}: files with every page in the page cache are counted, not read. */
    public static Result run(Os os, Listing listing, int[] sequence, int bufferSize, int jobs, boolean skipCached,
                             Reporter reporter) {
        AtomicInteger cursor = new AtomicInteger();
        List<Tally> tallies = new ArrayList<>();
        List<BeforeAfter> residencies = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            Tally tally = new Tally();
            tallies.add(tally);
            BeforeAfter residency = new BeforeAfter();
            residencies.add(residency);
            FileWarmer warmer = new FileWarmer(os, listing, os.allocate(bufferSize), skipCached, residency, reporter);
            Runnable reader = () -> {
                for (int i; (i = cursor.getAndIncrement()) < sequence.length; ) {
                    warmer.warm(sequence[i], tally);
                }
            };
            if (jobs == 1) {
                reader.run();
            } else {
                Thread t = new Thread(reader, "reader-" + j);
                t.start();
                threads.add(t);
            }
        }
        for (Thread t : threads) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        Result total = new Result(new Tally(), new BeforeAfter());
        tallies.forEach(total.tally()::add);
        residencies.forEach(total.residency()::add);
        return total;
    }
}
