package dirdump.order;

import dirdump.outcome.Reporter;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A phase after the order: locates the files of each device the order did not locate, once each, for
 * the seek distance (--seek-distance, {@code order --stats}) and {@code order --format %o}. After the
 * read, for the seek distance, so that locating does not warm the cache the read is timed on. It
 * changes nothing of the order's: what it finds is its own result.
 */
public final class LocateAll {
    /**
     * Every file located that can be.
     *
     * @param locations where the files lie: those the order located, and those located here
     * @param devices how each device's files were located, aligned with the order's devices
     * @param seek the seek distance of the order, and of directory order
     * @param nanos the time spent locating here
     */
    public record Result(Locations locations, List<LocateOutcome> devices, SeekDistance seek, long nanos) {
    }

    private LocateAll() {
    }

    /** {@code stopped}: a signal, after which no file more is located. */
    public static Result run(Os os, WalkResult walk, OrderPlan plan, OrderSettings settings, Reporter reporter,
                             BooleanSupplier stopped) {
        Locator locator = new Locator(os, walk, settings, reporter, plan.locations(), stopped);
        List<LocateOutcome> devices = new ArrayList<>();
        for (DeviceOrder d : plan.devices()) {
            devices.add(d.located() != null ? d.located() : locator.locate(plan.byInode(), d.from(), d.to()));
        }
        Locations all = locator.locations();
        return new Result(all, devices, SeekDistance.of(plan, all, walk.files), locator.nanos());
    }
}
