package dirdump.bench;

import dirdump.cache.EvictPass;
import dirdump.cache.PageTotals;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.cache.StatusPass;
import dirdump.scan.SequenceCursor;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.SysException;

/**
 * The files under bench's PATHs, listed once: what is emptied from the page cache before each run and
 * measured to check that it was, and what a {@code --vs} command is credited with having read.
 */
public final class FileSet {
    private final Os os;
    private final WalkResult walk;
    private final int[] sequence;
    private final Reporter reporter;
    private final StopRequest stop;
    private final ResidencyProbe probe = new ResidencyProbe(ProbeMethod.AUTO);
    private long files;
    private long bytes;

    private FileSet(Os os, WalkResult walk, int[] sequence, Reporter reporter, StopRequest stop) {
        this.os = os;
        this.walk = walk;
        this.sequence = sequence;
        this.reporter = reporter;
        this.stop = stop;
    }

    /**
     * Sizes each file (the walk stats none) with one fstat: a pass before any run is timed. {@code stop}
     * ends the passes over the files early (a signal).
     */
    public static FileSet of(Os os, WalkResult walk, int[] sequence, Reporter reporter, StopRequest stop) {
        FileSet set = new FileSet(os, walk, sequence, reporter, stop);
        FileOpener opener = new FileOpener(os, walk, reporter, FileOpener.Use.COUNT);
        Tally ignored = new Tally();  // the walk's problems were reported already; these are the runs' business
        FileOpener.Action count = (f, file, st) -> {
            set.files++;
            set.bytes += st.size();
        };
        for (int i = 0; i < sequence.length && !stop.stopped(); i++) {
            opener.use(sequence[i], ignored, count);
        }
        return set;
    }

    public long files() {
        return files;
    }

    public long bytes() {
        return bytes;
    }

    /** Writes dirty pages out: posix_fadvise and drop_caches drop clean pages only. */
    void sync() throws SysException {
        os.sync();
    }

    /**
     * posix_fadvise(DONTNEED) on each file, its dirty pages written back first (as evict does); the
     * residency right after, as measured file by file.
     */
    PageTotals evict() {
        return EvictPass.run(os, walk, sequence, probe, true, new Tally(), reporter, SequenceCursor.threads(sequence.length, 4),
                stop).after();
    }

    /** The residency now. */
    PageTotals residency() {
        return StatusPass.run(os, walk, sequence, probe, new Tally(), reporter, (row, r, data, size) -> { },
                SequenceCursor.threads(sequence.length, 4), stop);
    }
}
