package dirdump.read;

import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the files in sequence order with {@code jobs} readers. They share one cursor, so the files
 * are started in order while up to {@code jobs} reads are in flight; each has its own buffer and tally.
 */
public final class ReadRun {
    private ReadRun() {
    }

    public static Tally run(Os os, Listing listing, int[] sequence, int bufferSize, int jobs, Reporter reporter) {
        AtomicInteger cursor = new AtomicInteger();
        List<Tally> tallies = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int j = 0; j < jobs; j++) {
            Tally tally = new Tally();
            tallies.add(tally);
            FileWarmer warmer = new FileWarmer(os, listing, os.allocate(bufferSize), reporter);
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
        Tally total = new Tally();
        tallies.forEach(total::add);
        return total;
    }
}
