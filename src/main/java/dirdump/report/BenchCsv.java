package dirdump.report;

import dirdump.bench.BenchResults;
import dirdump.bench.Machine;
import dirdump.bench.TimedRun;
import dirdump.bench.VariantResult;
import dirdump.bench.VariantSettings;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The results as CSV on stdout, for a spreadsheet or a plot: a header, then a row per run (each
 * variant's runs, round after round), with the variant's resolved settings and the machine on every
 * row, so that rows from several machines can be put in one table. Numbers are plain decimals; fields
 * are quoted as RFC 4180 says; lines end in a newline alone, for awk and cut. The figures over a
 * variant's runs (median, speedup) are in the table and --json.
 */
public final class BenchCsv {
    static final List<String> COLUMNS = List.of("variant", "kind", "round", "seconds", "files", "bytes",
            "mib_per_second", "resident_percent", "cache", "failure", "order", "readers", "depth", "method", "buffer_bytes",
            "prefetch", "date", "host", "kernel", "cores", "dirdump_version", "file_system", "device_model",
            "rotational");

    private BenchCsv() {
    }

    public static void print(BenchResults r, PrintStream out) {
        out.println(String.join(",", COLUMNS));
        Machine m = r.machine();
        // A bench over PATHs on several devices names each device's in one field, joined by ';'.
        String fileSystems = m.disks().stream().map(Machine.Disk::fileSystem).collect(Collectors.joining(";"));
        String models = m.disks().stream().map(d -> text(d.model())).collect(Collectors.joining(";"));
        String rotational = m.disks().stream().map(d -> text(d.rotational())).collect(Collectors.joining(";"));
        for (VariantResult v : r.variants()) {
            VariantSettings s = v.settings;
            for (TimedRun run : v.runs) {
                List<String> row = new ArrayList<>(List.of(v.label, v.kind, String.valueOf(run.round()),
                        plain(VariantResult.round(run.seconds(), 6)), String.valueOf(run.outcome().files()),
                        String.valueOf(run.outcome().bytes()),
                        run.endedWell() ? plain(VariantResult.round(run.mebibytesPerSecond(), 3)) : "",
                        plain(run.residentPercent()), run.cache().key(), text(run.outcome().failure())));
                row.addAll(s == null ? List.of("", "", "", "", "", "") : List.of(s.order(), String.valueOf(s.readers()),
                        String.valueOf(s.depth()),
                        s.method(), String.valueOf(s.bufferBytes()), String.valueOf(s.prefetch())));
                row.addAll(List.of(m.date(), text(m.host()), text(m.kernel()), String.valueOf(m.cores()),
                        m.dirdumpVersion(), fileSystems, models, rotational));
                out.println(row.stream().map(BenchCsv::field).collect(Collectors.joining(",")));
            }
        }
        out.flush();
    }

    /** 0.0005, not 5.0E-4 as Double.toString writes it; empty when there is none (JSON's null). */
    private static String plain(Double x) {
        return x == null ? "" : BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    private static String text(Object x) {
        return x == null ? "" : x.toString();
    }

    /** Quoted when it holds a comma, a quote or a line break (a --vs command may), quotes doubled. */
    private static String field(String s) {
        return s.matches("(?s).*[,\"\r\n].*") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
