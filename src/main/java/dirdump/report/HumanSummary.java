package dirdump.report;

import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.run.ReadResult;
import java.io.PrintStream;
import java.util.Locale;

/** The summary of a read for people, on stderr: its first line, then the common part with what a read adds. */
public final class HumanSummary {
    private HumanSummary() {
    }

    public static void print(ReadResult s, PrintStream stderr) {
        PrintStream err = Wrapped.of(stderr);
        Tally t = s.facts().tally();
        err.printf(Locale.ROOT, "dirdump: read %s, %s in %.3f s (%.1f MiB/s, %,.0f files/s)%n",
                Units.count(t.filesRead(), "file", "files"), Units.bytes(t.bytesRead()), s.seconds(), s.mebibytesPerSecond(),
                s.filesPerSecond());
        for (String line : CommonSummary.lines(s.facts(), new ReadDetail(s))) {
            err.println("  " + line);
        }
    }
}
