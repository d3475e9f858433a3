package dirdump.bench;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The results as CSV on stdout, for a spreadsheet or a plot: a header, then a row per variant with the
 * numbers of the table and of --json, in plain decimals. Fields are quoted as RFC 4180 says; lines end
 * in a newline alone, for awk and cut.
 */
public final class BenchCsv {
    static final List<String> COLUMNS = List.of("variant", "kind", "median_seconds", "min_seconds", "max_seconds",
            "mb_per_second", "files_per_second", "speedup", "cache", "runs_off", "failed_runs");

    private BenchCsv() {
    }

    public static void print(Results r, PrintStream out) {
        out.println(String.join(",", COLUMNS));
        for (VariantResult v : r.variants()) {
            List<String> row = List.of(v.label, v.kind, plain(v.medianSeconds), plain(v.minSeconds),
                    plain(v.maxSeconds), plain(v.megabytesPerSecond), plain(v.filesPerSecond), plain(v.speedup),
                    v.cache.key(), String.valueOf(v.runsOff), String.valueOf(v.failedRuns));
            out.println(row.stream().map(BenchCsv::field).collect(Collectors.joining(",")));
        }
        out.flush();
    }

    /** 0.0005, not 5.0E-4 as Double.toString writes it; empty when no run gives it (JSON's null). */
    private static String plain(Double x) {
        return x == null ? "" : BigDecimal.valueOf(x).stripTrailingZeros().toPlainString();
    }

    /** Quoted when it holds a comma, a quote or a line break (a --vs command may), quotes doubled. */
    private static String field(String s) {
        return s.matches("(?s).*[,\"\r\n].*") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
