package dirdump.read;

import dirdump.proc.WorkerThreads;

/**
 * {@code count} readers in threads of their own, each taking, opening and reading files from the one
 * cursor: files are started in order while many reads are in flight, and the kernel's scheduler can
 * merge and sort them.
 */
final class ParallelReaders implements ReadLayout {
    @Override
    public int read(ReadParts parts) {
        WorkerThreads threads = parts.threads();
        for (int j = 0; j < parts.plan().readers(); j++) {
            threads.start("reader-" + j, parts::reader);  // with one, the priority is per thread: not the caller's
        }
        parts.warnIfRefused(threads);
        threads.join();
        return threads.started();
    }
}
