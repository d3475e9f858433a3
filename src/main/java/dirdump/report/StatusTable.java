package dirdump.report;

import dirdump.cache.PageTotals;
import dirdump.cache.StatusPass;
import dirdump.outcome.PathText;
import dirdump.outcome.Units;
import dirdump.run.CgroupPageCache;
import dirdump.run.StatusRun;
import dirdump.sys.Residency;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The status table, as fincore(1) prints its own: a header, then a row per file (with -v, as each
 * is measured), on stdout and nothing else there; the totals and how the run went are the footer,
 * for people, on stderr. Columns are aligned to fixed widths, so that a row is printed as soon as it
 * is measured (fincore waits for the last file); {@code raw}: one space between columns, and spaces
 * in names escaped, as fincore -r. A file of unknown residency shows no number for it: any could be false.
 */
public final class StatusTable implements StatusPass.Rows {
    private final PrintStream out;
    private final List<StatusColumn> columns;
    private final boolean bytes;
    private final boolean raw;

    /** {@code bytes}: sizes in bytes (-b), not in binary units. */
    public StatusTable(PrintStream out, List<StatusColumn> columns, boolean bytes, boolean raw) {
        this.out = out;
        this.columns = columns;
        this.bytes = bytes;
        this.raw = raw;
    }

    public void header() {
        List<String> names = new ArrayList<>();
        columns.forEach(c -> names.add(c.header));
        out.println(line(names));
    }

    @Override
    public void file(StatusPass.RowFile file, Residency r, Residency data, long size) {
        List<String> cells = new ArrayList<>();
        for (StatusColumn c : columns) {
            cells.add(switch (c) {
                case RES -> !r.known() ? "unknown" : size(r.residentBytes());
                case PAGES -> !r.known() ? "-" : Long.toString(r.residentPages());
                case SIZE -> size(size);
                case PERCENT -> !r.known() ? "-" : Units.percent(r.residentPages(), r.totalPages());
                case DATA_RES -> !data.known() ? "unknown" : size(data.residentBytes());
                case DATA_PAGES -> !data.known() ? "-" : Long.toString(data.residentPages());
                case DATA_SIZE -> !data.known() ? "-" : size(data.totalPages() * data.pageSize());
                case DATA_PERCENT -> !data.known() ? "-" : Units.percent(data.residentPages(), data.totalPages());
                case FILE -> raw ? PathText.of(file.path()).replace(" ", "\\x20") : PathText.of(file.path());
            });
        }
        out.println(line(cells));
    }

    private String size(long n) {
        return bytes ? Long.toString(n) : compact(n);
    }

    /** Binary units as everywhere, without the space, so that a column is one word: 3B, 12KiB, 1.5MiB. */
    static String compact(long n) {
        String text = Units.bytes(n).replace(" ", "");
        return text.replace(".0", "");
    }

    /** Number columns right-aligned to their width, the file name as it is. */
    private String line(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(' ');
            }
            StatusColumn c = columns.get(i);
            String cell = cells.get(i);
            if (!raw && c != StatusColumn.FILE) {
                b.append(" ".repeat(Math.max(0, width(c) - cell.length())));
            }
            b.append(cell);
        }
        return b.toString();
    }

    private int width(StatusColumn c) {
        return switch (c) {
            case RES, SIZE, DATA_RES, DATA_SIZE -> bytes ? 16 : 9;
            case PAGES, DATA_PAGES -> 10;
            case PERCENT, DATA_PERCENT -> 5;
            case FILE -> 0;
        };
    }

    /**
     * The footer, on stderr: the totals (of the files' data: what a read warms), the page cache of the
     * memory cgroup beside them, sparse files as fincore counts them, files of unknown residency, then how
     * the run went.
     */
    public static void footer(StatusRun.Result done, PrintStream stderr) {
        PageTotals t = done.totals();
        PrintStream err = Wrapped.of(stderr);
        err.printf(Locale.ROOT, "dirdump: %,d file%s measured: %s resident%n", t.files(), t.files() == 1 ? "" : "s",
                ResidencyFigures.text(t));
        CgroupPageCache c = done.cgroup();
        if (c != null) {
            err.printf(Locale.ROOT, "  page cache of %s: %s%s%n", c.label(), Units.bytes(c.bytes()),
                    c.limit() == null ? ", no limit" : ", of its limit " + Units.bytes(c.limit()));
        }
        if (t.sparseFiles() > 0) {
            err.printf(Locale.ROOT, "  sparse: %,d file%s, in the total by %s data; as fincore: %,d of %,d pages%n",
                    t.sparseFiles(), t.sparseFiles() == 1 ? "" : "s", t.sparseFiles() == 1 ? "its" : "their",
                    t.sparseResidentPages(), t.sparsePages());
        }
        if (t.unknownFiles() > 0) {
            err.printf(Locale.ROOT, "  residency unknown: %,d file%s, not in the total%n", t.unknownFiles(),
                    t.unknownFiles() == 1 ? "" : "s");
            err.println("    (the kernel tells only the owner, or those who may write to a file)");
        }
        CommonSummary.lines(done.facts()).forEach(line -> err.println("  " + line));
        err.flush();
    }
}
