package dirdump.read;

import dirdump.cache.BeforeAfter;
import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.scan.Opened;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Reads the files in sequence order. All workers take files from one shared cursor, so files are
 * started in order while many reads are in flight, and the kernel's scheduler can merge and sort them.
 *
 * <p>With prefetch, two openers run ahead of the readers: each opens and checks the next file, skips
 * it if it is cached already, queues the read of its first read-ahead window (WILLNEED, which returns
 * at once) and hands the open file to a reader. The device then has up to {@code prefetch} reads
 * queued, in order, while the readers copy what has arrived.
 */
public final class ReadRun {
    private static final int OPENERS = 2;
    private static final Opened END = new Opened(null, null, null, null);

    /** What the workers counted, and the residency of the files before and after. */
    public record Result(Tally tally, BeforeAfter residency) {
    }

    private final Os os;
    private final Listing listing;
    private final int[] sequence;
    private final ReadPlan plan;
    private final Reporter reporter;
    private final ReadControl control;
    private final AtomicInteger cursor = new AtomicInteger();
    private final List<Tally> tallies = new ArrayList<>();
    private final List<BeforeAfter> residencies = new ArrayList<>();

    private ReadRun(Os os, Listing listing, int[] sequence, ReadPlan plan, ReadControl control, Reporter reporter) {
        this.os = os;
        this.listing = listing;
        this.sequence = sequence;
        this.plan = plan;
        this.control = control;
        this.reporter = reporter;
    }

    public static Result run(Os os, Listing listing, int[] sequence, ReadPlan plan, ReadControl control,
                             Reporter reporter) {
        return new ReadRun(os, listing, sequence, plan, control, reporter).run();
    }

    private Result run() {
        List<Thread> threads = new ArrayList<>();
        if (plan.jobs() == 1 && plan.ioPriority() == null) {
            worker().run();  // one reader: nothing in parallel, the comparison mode
        } else if (plan.jobs() == 1) {
            threads.add(start("reader", worker()));  // the priority is per thread: not the caller's
        } else if (plan.prefetch() == 0 || plan.method() == ReadMethod.WILLNEED) {
            for (int j = 0; j < plan.jobs(); j++) {
                threads.add(start("reader-" + j, worker()));
            }
        } else {
            BlockingQueue<Opened> queue = new ArrayBlockingQueue<>(plan.prefetch());
            AtomicInteger openersLeft = new AtomicInteger(OPENERS);
            for (int j = 0; j < OPENERS; j++) {
                threads.add(start("opener-" + j, opener(queue, openersLeft)));
            }
            for (int j = 0; j < plan.jobs(); j++) {
                threads.add(start("reader-" + j, reader(queue)));
            }
        }
        for (Thread t : threads) {
            joinUninterruptibly(t);
        }
        Result total = new Result(new Tally(), new BeforeAfter());
        tallies.forEach(total.tally()::add);
        residencies.forEach(total.residency()::add);
        return total;
    }

    /** Opens, checks and reads each file itself. */
    private Runnable worker() {
        Tally tally = tally();
        FileOpener opener = new FileOpener(os, listing, reporter, "not read");
        FileWarmer warmer = warmer(true);
        return () -> {
            for (int i; !control.stopped() && (i = cursor.getAndIncrement()) < sequence.length; ) {
                Opened o = opener.open(sequence[i], tally);
                if (o != null && (o = warmer.check(o, tally)) != null) {
                    warmer.warm(o, tally);
                }
                control.fileDone();
            }
        };
    }

    private Runnable opener(BlockingQueue<Opened> queue, AtomicInteger openersLeft) {
        Tally tally = tally();
        FileOpener opener = new FileOpener(os, listing, reporter, "not read");
        FileWarmer checker = warmer(false);
        return () -> {
            for (int i; !control.stopped() && (i = cursor.getAndIncrement()) < sequence.length; ) {
                Opened o = opener.open(sequence[i], tally);
                if (o != null && (o = checker.check(o, tally)) != null) {
                    checker.prefetch(o);
                    putUninterruptibly(queue, o);
                } else {
                    control.fileDone();
                }
            }
            if (openersLeft.decrementAndGet() == 0) {
                for (int j = 0; j < plan.jobs(); j++) {
                    putUninterruptibly(queue, END);
                }
            }
        };
    }

    private Runnable reader(BlockingQueue<Opened> queue) {
        Tally tally = tally();
        FileWarmer warmer = warmer(true);
        return () -> {
            for (Opened o; (o = takeUninterruptibly(queue)) != END; ) {
                if (control.stopped()) {
                    o.file().close();  // stopping: what was opened ahead is not read
                } else {
                    warmer.warm(o, tally);
                    control.fileDone();
                }
            }
        };
    }

    /** {@code reads}: it copies files, so it needs a buffer (an opener only checks and advises). */
    private synchronized FileWarmer warmer(boolean reads) {
        BeforeAfter residency = new BeforeAfter();
        residencies.add(residency);
        return new FileWarmer(reads && plan.method() == ReadMethod.READ
                ? os.allocate(control.readSize(plan.bufferSize(), plan.jobs())) : null,
                reporter, plan.method(), plan.skipCached(), residency, control);
    }

    private synchronized Tally tally() {
        Tally t = new Tally();
        tallies.add(t);
        return t;
    }

    private Thread start(String name, Runnable body) {
        Thread t = new Thread(() -> {
            if (plan.ioPriority() != null) {
                try {
                    os.setIoPriority(plan.ioPriority().ioClass(), plan.ioPriority().level());
                } catch (SysException e) {
                    reporter.warning("--ionice " + plan.ioPriority() + ": " + e.getMessage());
                }
            }
            body.run();
        }, name);
        t.start();
        return t;
    }

    private static void putUninterruptibly(BlockingQueue<Opened> queue, Opened o) {
        while (true) {
            try {
                queue.put(o);
                return;
            } catch (InterruptedException e) {
                // every opened file must reach a reader, which closes it
            }
        }
    }

    private static Opened takeUninterruptibly(BlockingQueue<Opened> queue) {
        while (true) {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                // readers end on END, once every opened file has been handed over
            }
        }
    }

    private static void joinUninterruptibly(Thread t) {
        while (true) {
            try {
                t.join();
                return;
            } catch (InterruptedException e) {
                // the workers end on their own
            }
        }
    }
}
