package dirdump.read;

import dirdump.proc.WorkerThreads;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Two openers run ahead of the readers: each opens and checks the next file (skipping it if it is
 * cached already), queues the read of its first read-ahead window (WILLNEED, which returns at once) and
 * hands the open file to a reader. The device then has up to {@code prefetch} reads queued, in order,
 * while the readers copy what has arrived.
 */
final class PrefetchPipeline implements ReadLayout {
    private static final int OPENERS = 2;
    /** What each reader takes last. */
    private static final FileToRead END = new FileToRead(null);

    @Override
    public int read(ReadParts parts) {
        BlockingQueue<FileToRead> queue = new LinkedBlockingQueue<>(parts.plan().prefetch());
        WorkerThreads threads = parts.threads();
        // Readers first, so that the openers hand each reader that started its END.
        for (int j = 0; j < parts.plan().readers(); j++) {
            threads.start("reader-" + j, () -> reader(parts.reader(), parts.limits(), queue));
        }
        int readers = threads.started();
        AtomicInteger openersLeft = new AtomicInteger(OPENERS);
        for (int j = 0; j < OPENERS && readers > 0; j++) {
            if (!threads.start("opener-" + j, () -> opener(parts.opener(), queue, openersLeft, readers))
                    && openersLeft.decrementAndGet() == 0) {
                end(queue, readers);  // no opener at all: the readers end, and the caller's thread reads
            }
        }
        parts.warnIfRefused(threads);
        threads.join();
        return threads.started() > readers ? readers : 0;  // no opener started: the readers only took their END
    }

    private static Runnable opener(FileWarmer opener, BlockingQueue<FileToRead> queue, AtomicInteger openersLeft,
                                   int readers) {
        return () -> {
            for (FileToRead f; (f = opener.nextAhead()) != null; ) {
                putUninterruptibly(queue, f);
            }
            if (openersLeft.decrementAndGet() == 0) {
                end(queue, readers);
            }
        };
    }

    private static Runnable reader(FileWarmer reader, ReadLimits limits, BlockingQueue<FileToRead> queue) {
        return () -> {
            for (FileToRead f; (f = takeUninterruptibly(queue)) != END; ) {
                if (limits.stopped()) {
                    f.close();  // stopping: what was opened ahead is not read
                } else {
                    reader.warm(f);
                    limits.fileDone();
                }
            }
        };
    }

    /** One END for each reader: every opened file is handed over before. */
    private static void end(BlockingQueue<FileToRead> queue, int readers) {
        for (int j = 0; j < readers; j++) {
            putUninterruptibly(queue, END);
        }
    }

    private static void putUninterruptibly(BlockingQueue<FileToRead> queue, FileToRead f) {
        while (true) {
            try {
                queue.put(f);
                return;
            } catch (InterruptedException e) {
                // every opened file must reach a reader, which closes it
            }
        }
    }

    private static FileToRead takeUninterruptibly(BlockingQueue<FileToRead> queue) {
        while (true) {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                // readers end on END, once every opened file has been handed over
            }
        }
    }
}
