package dirdump.read;

import dirdump.cache.BeforeAfter;
import dirdump.cache.ProbeMethod;
import dirdump.cache.ResidencyProbe;
import dirdump.report.Reporter;
import dirdump.report.SkipReason;
import dirdump.report.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Residency;

/**
 * Reads one listed file to its end through a buffer reused for every file, unless every page of it
 * is in the page cache already. One per reader thread.
 */
final class FileWarmer {
    private final FileOpener opener;
    private final ReadBuffer buffer;
    private final Reporter reporter;
    private final boolean skipCached;
    /** cachestat only: one 0.24 us call; mmap + mincore would cost about as much as reading a small file. */
    private final ResidencyProbe probe = new ResidencyProbe(ProbeMethod.CACHESTAT);
    private final BeforeAfter residency;

    FileWarmer(Os os, Listing listing, ReadBuffer buffer, boolean skipCached, BeforeAfter residency, Reporter reporter) {
        this.opener = new FileOpener(os, listing, reporter, "not read");
        this.buffer = buffer;
        this.reporter = reporter;
        this.skipCached = skipCached;
        this.residency = residency;
    }

    void warm(int f, Tally tally) {
        opener.use(f, tally, (path, file, st) -> {
            // On the descriptor just checked by fstat, so the answer is about the file that is read.
            Residency before = probe.measure(file, st.size);
            if (skipCached && before != null && before.allResident()) {
                residency.add(before, before);
                tally.addSkipped(SkipReason.ALREADY_CACHED);
                reporter.skipped(path, SkipReason.ALREADY_CACHED);
                return;
            }
            long total = 0;
            for (int n; (n = file.read(buffer)) > 0; ) {
                total += n;
            }
            tally.addRead(total);
            residency.add(before, before == null ? null : probe.measure(file, st.size));
            reporter.read(path, total);
        });
    }
}
