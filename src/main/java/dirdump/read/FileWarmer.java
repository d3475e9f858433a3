package dirdump.read;

import dirdump.report.Reporter;
import dirdump.report.Tally;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadBuffer;
import dirdump.sys.SysException;

/** Brings one opened file into the page cache, by the run's method, and closes it. One per thread. */
final class FileWarmer {
    private final ReadBuffer buffer;
    private final Reporter reporter;
    private final ReadMethod method;
    private final WillNeed willNeed = new WillNeed();

    FileWarmer(ReadBuffer buffer, Reporter reporter, ReadMethod method) {
        this.buffer = buffer;
        this.reporter = reporter;
        this.method = method;
    }

    void warm(Opened o, Tally tally) {
        try (OpenFile file = o.file()) {
            long total;
            if (method == ReadMethod.READ) {
                total = readToEnd(file);
            } else {
                willNeed.advise(o, o.stat().size);
                total = o.stat().size;  // asked for, not read: the size fstat gave
            }
            tally.addRead(total);
            reporter.read(o.path(), total);
        } catch (SysException e) {
            reporter.error(o.path(), e.getMessage());
            tally.addError();
        }
    }

    private long readToEnd(OpenFile file) throws SysException {
        long total = 0;
        for (int n; (n = file.read(buffer)) > 0; ) {
            total += n;
        }
        return total;
    }
}
