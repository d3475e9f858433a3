package dirdump.read;

import dirdump.outcome.Reporter;
import dirdump.cache.ResidencyChange;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.scan.Opened;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

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

    /** What the workers counted, the residency before and after, and how many readers read (fewer than asked if the system refused threads). */
    public record Result(Tally tally, ResidencyChange residency, int readers) {
    }

    private final Os os;
    private final Listing listing;
    private final int[] sequence;
    private final ReadPlan plan;
    private final Reporter reporter;
    private final ReadControl control;
    private final AtomicInteger cursor = new AtomicInteger();
    /** Big files being read by all readers, oldest first (see SharedFile). */
    private final ConcurrentLinkedDeque<SharedFile> shared = new ConcurrentLinkedDeque<>();
    private final List<SharedFile> everShared = new ArrayList<>();
    private final List<Tally> tallies = new ArrayList<>();
    private final List<ResidencyChange> residencies = new ArrayList<>();
    /** Threads the system would not start, and why. */
    private int notStarted;
    private String startFailure;

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
        boolean inline = plan.jobs() == 1 && plan.ioPriority() == null;
        if (inline) {
            worker().run();  // one reader: nothing in parallel, the comparison mode
        } else if (plan.prefetch() == 0 || plan.method() == ReadMethod.WILLNEED) {
            for (int j = 0; j < plan.jobs(); j++) {
                start("reader-" + j, this::worker, threads);  // with one, the priority is per thread: not the caller's
            }
        } else {
            // Readers first, so that the openers hand each reader that started its END.
            BlockingQueue<Opened> queue = new LinkedBlockingQueue<>(plan.prefetch());
            for (int j = 0; j < plan.jobs(); j++) {
                start("reader-" + j, () -> reader(queue), threads);
            }
            int readers = threads.size();
            AtomicInteger openersLeft = new AtomicInteger(OPENERS);
            for (int j = 0; j < OPENERS && readers > 0; j++) {
                if (!start("opener-" + j, () -> opener(queue, openersLeft, readers), threads)
                        && openersLeft.decrementAndGet() == 0) {
                    end(queue, readers);  // no opener at all: the readers end, and this thread reads
                }
            }
        }
        if (notStarted > 0) {
            reporter.warning("could start only " + threads.size() + " of " + (threads.size() + notStarted)
                    + " threads (" + startFailure + "); going on with those");
        }
        int readers = (int) threads.stream().filter(t -> t.getName().startsWith("reader-")).count();
        if (!inline && (threads.isEmpty() || openersMissing(threads))) {
            worker().run();  // no thread could be started: the caller's reads what is left
            readers = 1;
        }
        for (Thread t : threads) {
            joinUninterruptibly(t);
        }
        closeUnfinished();
        Result total = new Result(new Tally(), new ResidencyChange(), Math.max(readers, 1));
        tallies.forEach(total.tally()::add);
        residencies.forEach(total.residency()::add);
        return total;
    }

    /**
     * Opens, checks and reads each file itself. With other readers beside it, a big file is shared: its
     * chunks are read by whichever reader comes next, before the next file is taken.
     */
    private Runnable worker() {
        Tally tally = tally();
        FileOpener opener = new FileOpener(os, listing, reporter, "not read");
        FileWarmer warmer = warmer(true);
        boolean share = plan.jobs() > 1 && plan.method() == ReadMethod.READ;
        return () -> {
            while (!control.stopped()) {
                SharedFile s = shared.peekFirst();
                if (s != null) {
                    int c = s.claim();
                    if (c < 0) {
                        shared.remove(s);  // all taken; the last reader of one finishes it
                    } else if (warmer.readChunk(s, c, tally)) {
                        control.fileDone();
                    }
                    continue;
                }
                int i = cursor.getAndIncrement();
                if (i >= sequence.length) {
                    break;
                }
                Opened o = opener.open(sequence[i], tally);
                if (o != null && (o = warmer.check(o, tally)) != null) {
                    if (share && SharedFile.worthSharing(o)) {
                        share(new SharedFile(o));
                        continue;
                    }
                    warmer.warm(o, tally);
                }
                control.fileDone();
            }
        };
    }

    private synchronized void share(SharedFile s) {
        everShared.add(s);
        shared.addLast(s);
    }

    /** Files shared but left unfinished by a stop: closed here, once every reader has ended. */
    private void closeUnfinished() {
        for (SharedFile s : everShared) {
            if (!s.finished()) {
                s.opened.file().close();
            }
        }
    }

    /** Whether a pipeline of openers and readers got no opener: then the readers only wait for their END. */
    private boolean openersMissing(List<Thread> threads) {
        return plan.prefetch() > 0 && plan.method() != ReadMethod.WILLNEED && plan.jobs() > 1
                && threads.stream().noneMatch(t -> t.getName().startsWith("opener-"));
    }

    private Runnable opener(BlockingQueue<Opened> queue, AtomicInteger openersLeft, int readers) {
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
                end(queue, readers);
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
        ResidencyChange residency = new ResidencyChange();
        residencies.add(residency);
        return new FileWarmer(reads && plan.method() == ReadMethod.READ
                ? os.allocate(control.readSize(plan.bufferSize(), plan.jobs())) : null,
                reporter, plan, residency, control);
    }

    private synchronized Tally tally() {
        Tally t = new Tally();
        tallies.add(t);
        return t;
    }

    /** One END for each reader: every opened file is handed over before. */
    private static void end(BlockingQueue<Opened> queue, int readers) {
        for (int j = 0; j < readers; j++) {
            putUninterruptibly(queue, END);
        }
    }

    /**
     * Starts a thread and adds it to {@code threads}; false if the system refused one (a process limit,
     * RLIMIT_NPROC: "unable to create native thread"), which is counted and warned about once.
     */
    private boolean start(String name, Supplier<Runnable> made, List<Thread> threads) {
        if (notStarted > 0) {
            notStarted++;  // refused once: the rest would be too (and each would allocate its buffer first)
            return false;
        }
        Runnable body = made.get();
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
        try {
            t.start();
        } catch (OutOfMemoryError e) {
            notStarted++;
            startFailure = e.getMessage();
            return false;
        }
        threads.add(t);
        return true;
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
