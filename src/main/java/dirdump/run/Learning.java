package dirdump.run;

import dirdump.cache.ByteRanges;
import dirdump.cache.LearnedSnapshot;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.cache.ResidentPages;
import dirdump.cache.Snapshot;
import dirdump.cache.SnapshotWriter;
import dirdump.outcome.FileReason;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.proc.ChildCommand;
import dirdump.proc.StopOnSignal;
import dirdump.sys.AccessWatch;
import dirdump.sys.Directory;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Optional;
import java.util.HashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * run --learn: which files under the PATHs, and which ranges of them, COMMAND and every process it
 * starts read, saved as a snapshot a replay warms. As root, fanotify tells which files COMMAND's tree
 * opened ({@link AccessWatch}), and residency before and after which of their pages it brought in;
 * where fanotify cannot be had, residency alone tells: the pages under the PATHs that became resident
 * while COMMAND ran, whoever read them. COMMAND runs as run runs it, its exit status passed through.
 */
public final class Learning {
    /** How the files were told apart: fanotify and residency, or residency alone. */
    public enum Method {
        FANOTIFY, RESIDENCY
    }

    /**
     * {@code file}: FILE as given; {@code earlier}: the snapshot FILE held (merged into), or null;
     * {@code writer}: FILE's replacement, opened before the walk.
     */
    public record Settings(Supplier<FileSelection> selection, ChildCommand command, String file, Snapshot earlier,
                           SnapshotWriter writer) {
    }

    /**
     * What was learned: the {@code method}, why fanotify was not used (or null), how many of COMMAND's
     * processes opened a listed file (fanotify only), of how many files the residency was unknown (so
     * nothing learned), what was saved (null if nothing was), the exit status, and how residency was
     * measured ({@code probe}: cachestat, mincore).
     */
    public record Learned(Method method, String fallback, int processes, long unknown, LearnedSnapshot.Saved saved,
                          int status, String probe) {
    }

    private static final int POLL_MILLIS = 100;
    private static final int DEFAULT_PAGE = 4096;

    private Learning() {
    }

    public static Learned run(Settings settings, Processes processes, Reporter reporter) {
        StopRequest stop = new StopRequest();
        try (SnapshotWriter writer = settings.writer()) {
            OrderedFiles files;
            ResidentPages before;
            ResidencyProbe probe = new ResidencyProbe(ProbeMethod.AUTO);
            try (StopOnSignal signals = new StopOnSignal(stop, reporter)) {
                files = OrderedFiles.of(settings.selection().get(), reporter, stop);
                before = stop.stopped() ? null : ResidentPages.measure(files.os(), files.walk(), files.sequence(),
                        probe, files.tally(), reporter, stop);
            }
            try (files) {
                if (stop.stopped()) {
                    return new Learned(Method.RESIDENCY, null, 0, 0, null, ExitCode.stoppedBy(stop.signal()).status, null);
                }
                if (files.walk().unusablePaths > 0) {
                    reporter.problem("run --learn: a PATH cannot be used (said above): "
                            + settings.command().words().get(0) + " not run");
                    return new Learned(Method.RESIDENCY, null, 0, 0, null, ExitCode.NOT_RUN.status, null);
                }
                return observe(settings, files, before, probe, processes, reporter, stop);
            }
        }
    }

    /** COMMAND run under the watch (or not, if it cannot be had), then what it read saved. */
    private static Learned observe(Settings settings, OrderedFiles files, ResidentPages before, ResidencyProbe probe,
                                   Processes processes, Reporter reporter, StopRequest stop) {
        AccessLog log = new AccessLog(files.walk().files, files.sequence());
        String[] fallback = {null};
        AccessWatch watch = watch(files, processes, fallback);
        Collector collector = watch == null ? null : new Collector(watch, log);
        long[] pid = {-1};
        int status = Commanding.runCommand(settings.command(), processes, reporter, p -> pid[0] = p);
        if (collector != null) {
            fallback[0] = collector.finish();
        }
        boolean byFanotify = collector != null && fallback[0] == null;
        if (pid[0] < 0) {
            return new Learned(byFanotify ? Method.FANOTIFY : Method.RESIDENCY, fallback[0], 0, 0, null, status,
                    probe.methodUsed());
        }
        AccessLog.Seen seen = byFanotify ? log.seenBy(pid[0]) : null;
        int[] measured = seen == null ? files.sequence()
                : Arrays.stream(files.sequence()).filter(seen.files()::contains).toArray();
        ResidentPages after = ResidentPages.measure(files.os(), files.walk(), measured, probe, files.tally(), reporter,
                () -> false);
        LearnedSnapshot learned = new LearnedSnapshot(files.walk());
        long unknown = 0;
        for (int f : measured) {
            Optional<ByteRanges> now = after.of(f);
            if (now.isEmpty()) {
                unknown++;
                continue;
            }
            ByteRanges ranges = readRanges(before.of(f), now.get(), seen != null);
            if (!ranges.isEmpty()) {
                learned.add(f, ranges, after.size(f), after.mtimeNanos(f));
            }
        }
        int page = Math.max(Math.max(before.pageSize(), after.pageSize()),
                settings.earlier() == null ? DEFAULT_PAGE : settings.earlier().pageSize());
        LearnedSnapshot.Saved saved = null;
        try {
            saved = learned.save(settings.writer(), settings.earlier(), page);
        } catch (IOException e) {
            reporter.problem("run --learn " + settings.file() + ": " + FileReason.of(e) + "; nothing saved");
            status = status == 0 ? ExitCode.WRITE_ERROR.status : status;
        }
        if (saved != null && saved.leftOut()) {
            reporter.problem("run --learn " + settings.file() + ": " + settings.writer().leftOut());
        }
        return new Learned(byFanotify ? Method.FANOTIFY : Method.RESIDENCY, fallback[0],
                seen == null ? 0 : seen.processes(), unknown, saved, status, probe.methodUsed());
    }

    /**
     * The ranges of a file COMMAND read: those that became resident while it ran; of a file fanotify
     * saw opened whose pages were all resident before, those resident now (what it read was there
     * already, and is what a replay is to warm). {@code before}: none if it was not known then.
     */
    private static ByteRanges readRanges(Optional<ByteRanges> before, ByteRanges after, boolean opened) {
        ByteRanges brought = before.map(after::minus).orElse(after);
        return brought.isEmpty() && opened ? after : brought;
    }

    /**
     * The watch on every file system of the listed files, each marked through a directory's handle;
     * null, with the reason in {@code fallback[0]}, where it cannot be had.
     */
    private static AccessWatch watch(OrderedFiles files, Processes processes, String[] fallback) {
        try {
            if (processes.fallbackReason() != null || processes.effectiveUid() != 0) {
                fallback[0] = processes.fallbackReason() != null ? "no libc" : "not root";
                return null;
            }
        } catch (SysException e) {
            fallback[0] = "geteuid: " + e.getMessage();
            return null;
        }
        AccessWatch.Opening opening = AccessWatch.open();
        if (opening instanceof AccessWatch.Opening.Refused refused) {
            fallback[0] = refused.why();
            return null;
        }
        AccessWatch watch = ((AccessWatch.Opening.Watching) opening).watch();
        Set<Long> marked = new HashSet<>();
        for (int f : files.sequence()) {
            if (!marked.add(files.walk().files.dev(f))) {
                continue;
            }
            int d = files.walk().files.dir(f);
            try {
                Directory dir = files.walk().handles.acquire(d);
                try {
                    watch.markFileSystem(dir);
                } finally {
                    files.walk().handles.release(d);
                }
            } catch (SysException e) {
                watch.close();
                fallback[0] = "fanotify_mark: " + e.getMessage();
                return null;
            }
        }
        return watch;
    }

    /** The watch read on a thread of its own while COMMAND runs, so that its queue never grows long. */
    private static final class Collector implements Runnable {
        private final AccessWatch watch;
        private final AccessLog log;
        private final Thread thread;
        private volatile boolean done;
        private SysException failure;

        Collector(AccessWatch watch, AccessLog log) {
            this.watch = watch;
            this.log = log;
            this.thread = new Thread(this, "learn-watch");
            thread.setDaemon(true);
            thread.start();
        }

        @Override
        public void run() {
            try {
                while (!done) {
                    watch.collect(POLL_MILLIS, log);
                }
            } catch (SysException e) {
                failure = e;
            }
        }

        /** Ends the watch once COMMAND has: what is queued still read; null, or why it failed. */
        String finish() {
            done = true;
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    // its poll ends within POLL_MILLIS
                }
            }
            try {
                if (failure == null) {
                    watch.collect(0, log);
                }
            } catch (SysException e) {
                failure = e;
            } finally {
                watch.close();
            }
            if (failure == null && log.lostEvents()) {
                return "fanotify lost events: its queue overflowed";
            }
            return failure == null ? null : "fanotify: " + failure.getMessage();
        }
    }
}
