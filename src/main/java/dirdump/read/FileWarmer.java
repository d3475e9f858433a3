package dirdump.read;

import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;

/** Reads one listed file to its end through a buffer reused for every file. One per reader thread. */
final class FileWarmer {
    private final FileOpener opener;
    private final ReadBuffer buffer;
    private final Reporter reporter;

    FileWarmer(Os os, Listing listing, ReadBuffer buffer, Reporter reporter) {
        this.opener = new FileOpener(os, listing, reporter, "not read");
        this.buffer = buffer;
        this.reporter = reporter;
    }

    void warm(int f, Tally tally) {
        opener.use(f, tally, (path, file, st) -> {
            long total = 0;
            for (int n; (n = file.read(buffer)) > 0; ) {
                total += n;
            }
            tally.addRead(total);
            reporter.read(path, total);
        });
    }
}
