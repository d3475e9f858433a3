package dirdump.run;

import dirdump.bench.BenchResults;
import dirdump.bench.BenchRounds;
import dirdump.bench.CachePrep;
import dirdump.bench.CommandVariant;
import dirdump.bench.FileSet;
import dirdump.bench.RunHooks;
import dirdump.bench.Machine;
import dirdump.bench.Variant;
import dirdump.order.DeviceOrder;
import dirdump.order.Order;
import dirdump.outcome.PathText;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Units;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * bench: the variants of a read, and outside commands, timed in rounds over the files of
 * {@code files} (walked once, to be evicted and checked before each run). Settings in, results out.
 */
public final class BenchRun {
    /**
     * One dirdump variant: its label ("dirdump -j1") and its read; {@code needsPhysical}: left out, with
     * a note, where no device tells where its files lie.
     */
    public record ReadVariant(String label, ReadSettings settings, boolean needsPhysical) {
    }

    /**
     * The outside commands (--vs), each with {@code timeoutNanos}; {@code prep}: how each run starts;
     * {@code hooks}: the commands around each run (--prepare, --conclude).
     */
    public record Settings(List<ReadVariant> reads, List<String> commands, long timeoutNanos, CachePrep prep,
                           RunHooks hooks, int rounds, String version) {
    }

    private BenchRun() {
    }

    /**
     * Null if the walk could not use a PATH (said already) or {@code stop} came during it.
     * {@code runReporter}: what each read variant tells (errors only).
     */
    public static BenchResults run(OrderedFiles files, Settings settings, Reporter reporter, Reporter runReporter,
                              StopRequest stop) throws IOException {
        Instant start = Instant.now();
        if (files.walk().unusablePaths > 0 || stop.stopped()) {
            return null;
        }
        FileSet set = FileSet.of(files.os(), files.walk(), files.sequence(), reporter, stop);
        List<String> notes = new ArrayList<>();
        List<Variant> variants = new ArrayList<>();
        for (ReadVariant read : settings.reads()) {
            String leftOut = read.needsPhysical() ? physicalUnavailable(files) : null;
            if (leftOut != null) {
                notes.add(read.label() + " left out: " + leftOut);
            } else {
                variants.add(new InProcessRead(read, runReporter, stop));
            }
        }
        settings.commands().forEach(c -> variants.add(new CommandVariant(c, set, settings.timeoutNanos(), stop)));
        reporter.progress(String.format(Locale.ROOT, "bench: %s, %s; %s, %s, %s cache",
                Units.count(set.files(), "file", "files"), Units.bytes(set.bytes()),
                Units.count(variants.size(), "variant", "variants"), Units.count(settings.rounds(), "round", "rounds"),
                settings.prep().asked.key()));
        Machine machine = Machine.of(start, settings.version(), files.plan().devices());
        return BenchRounds.run(variants, set, settings.prep(), settings.hooks(), settings.rounds(), notes, machine, reporter,
                stop);
    }

    /** Why no device of the files tells where they lie, or null if one does. */
    private static String physicalUnavailable(OrderedFiles files) {
        List<DeviceOrder> devices = files.plan().devices();
        if (devices.stream().anyMatch(d -> d.order() == Order.PHYSICAL)) {
            return null;
        }
        return devices.isEmpty() ? "no files" : "the file system cannot tell where the files lie ("
                + devices.stream().map(d -> d.fileSystem() + " at " + PathText.of(d.where()) + ": " + d.locateError())
                        .collect(Collectors.joining("; ")) + ")";
    }
}
