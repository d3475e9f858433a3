package dirdump.run;

import dirdump.bench.RunOutcome;
import dirdump.bench.Variant;
import dirdump.bench.VariantSettings;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.read.Reading;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A dirdump read with a set of read options (a bench {@code --variant}), run in bench's own process:
 * no JVM start in its time, and its files and bytes as it counted them. Its time is the read's own
 * {@code seconds.total}: listing, ordering, locating and reading. Every file is read, as --force: a
 * cached file is not skipped.
 */
final class InProcessRead implements Variant {
    private final String label;
    private final ReadRun read;
    private final int prefetch;
    private final Reporter reporter;
    private final StopRequest stop;
    private VariantSettings settings;

    /** {@code stop}: bench's, which ends the read as a signal ends a read of its own. */
    InProcessRead(BenchRun.ReadVariant read, Reporter reporter, StopRequest stop) {
        this.label = read.label();
        Reading reading = read.settings().reading();
        this.read = new ReadRun(read.settings().withReading(reading.withForce(true)));
        this.prefetch = reading.readers().prefetch();
        this.reporter = reporter;
        this.stop = stop;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String kind() {
        return "dirdump";
    }

    @Override
    public RunOutcome run() {
        ReadResult s = read.run(reporter, stop, null);
        settings = new VariantSettings(resolvedOrder(s), s.readers(), s.depth(), s.facts().how().method(), s.bufferSize(), prefetch);
        long files = s.facts().tally().filesRead();
        int status = s.exit().status;
        return new RunOutcome(s.facts().totalNanos(), files, s.facts().tally().bytesRead(),
                files == 0 ? "read no file: nothing to time"  // before its exit status: filters that match nothing make it 1
                        : status != 0 ? "exit status " + status + " (see the errors above)" : null);
    }

    @Override
    public VariantSettings settings() {
        return settings;
    }

    /** The order each device got ("inode"; "physical/inode" over two devices that differ): what --order=auto chose. */
    private static String resolvedOrder(ReadResult s) {
        Set<String> orders = new LinkedHashSet<>();
        s.devices().forEach(d -> orders.add(d.order().key()));
        return orders.isEmpty() ? s.facts().how().order() : String.join("/", orders);
    }
}
