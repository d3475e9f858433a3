package dirdump.cache;

import dirdump.report.HumanSummary;
import dirdump.report.PathText;
import dirdump.report.RunFacts;
import dirdump.sys.Residency;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The status table for people: the product of {@code dirdump status}, so on stdout. A row per file
 * (with -v, as each is measured), a total row, then how the run went. A file of unknown residency
 * shows no number: any number for it could be false.
 */
public final class StatusTable implements StatusRun.Rows {
    private static final String ROW = "%11s %11s %15s %7s  %s%n";

    private final PrintStream out;

    public StatusTable(PrintStream out) {
        this.out = out;
    }

    public void header() {
        out.printf(Locale.ROOT, ROW, "resident", "pages", "resident bytes", "%", "file");
    }

    @Override
    public void file(byte[] path, Residency r) {
        if (r == null) {
            out.printf(Locale.ROOT, ROW, "unknown", "-", "-", "-", PathText.of(path));
        } else {
            out.printf(Locale.ROOT, ROW, count(r.residentPages()), count(r.totalPages()),
                    HumanSummary.bytes(r.residentBytes()), PageTotals.percentText(r.residentPages(), r.totalPages()),
                    PathText.of(path));
        }
    }

    public void total(PageTotals t, RunFacts facts) {
        out.printf(Locale.ROOT, ROW, count(t.residentPages()), count(t.pages()), HumanSummary.bytes(t.residentBytes()),
                PageTotals.percentText(t.residentPages(), t.pages()),
                String.format(Locale.ROOT, "total of %,d file%s", t.files(), t.files() == 1 ? "" : "s"));
        if (t.unknownFiles() > 0) {
            out.printf(Locale.ROOT, "residency unknown: %,d file%s, not in the total (the kernel tells only the owner, "
                    + "or those who may write to a file)%n", t.unknownFiles(), t.unknownFiles() == 1 ? "" : "s");
        }
        facts.lines().forEach(out::println);
        out.flush();
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
