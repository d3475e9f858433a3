package dirdump.order;

import dirdump.outcome.Reporter;
import dirdump.scan.IndexSort;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Puts the files kept after the walk in the order they will be read. */
public final class Orderer {
    private Orderer() {
    }

    /**
     * Orders the files: splits them by device, gives each device its order (locating its files for
     * physical order), and sorts. Inode, physical and auto order read one device after the other (by
     * device number), each in the order it got; none and name order are one order over the whole run.
     */
    public static OrderPlan plan(WalkResult walk, UniqueFiles files, OrderSettings settings, Os os,
                                 Reporter reporter) {
        return plan(walk, files, settings, os, reporter, () -> false);
    }

    /**
     * As above, until {@code stopped} (a signal): then no file more is located, and those not located
     * keep their inode position (the read that follows stops at once).
     */
    public static OrderPlan plan(WalkResult walk, UniqueFiles files, OrderSettings settings, Os os,
                                 Reporter reporter, BooleanSupplier stopped) {
        int[] byInode = files.byInode();
        Locator locator = new Locator(os, walk, settings, reporter, new Locations(walk.files.size()), stopped);
        DeviceProbe probe = new DeviceProbe();
        List<DeviceOrder> devices = new ArrayList<>();
        for (DeviceFiles device : DeviceFiles.split(walk, byInode)) {
            devices.add(order(device, byInode, settings.order(), probe, locator, reporter));
        }
        int[] sequence = switch (settings.order()) {
            case NONE -> files.of(IndexSort.identity(walk.files.size()));
            case NAME -> files.of(NameOrder.of(walk));
            default -> byDevice(byInode, devices, locator.locations());
        };
        return new OrderPlan(sequence, byInode, devices, locator.locations(), locator.nanos());
    }

    /**
     * The devices of files read as the walk listed them (run.Pipeline's stage passing them through: {@code kept}, the first name of
     * each file, none on a rotating disk), each with the order and the count {@link #plan} would give
     * them with --order=auto: what the summary shows. No sequence: nothing reads the files in an order
     * after such a read, so they are not sorted (by inode, then each device's again as listed).
     */
    public static OrderPlan asListed(WalkResult walk, BitSet kept) {
        DeviceProbe probe = new DeviceProbe();
        List<DeviceOrder> devices = new ArrayList<>();
        for (DeviceFiles device : DeviceFiles.count(walk, kept)) {
            devices.add(DeviceOrder.of(device, choice(device, Order.AUTO, true, probe), null));
        }
        return new OrderPlan(null, null, devices, new Locations(walk.files.size()), 0);
    }

    /** The order one device gets: the one asked, or auto's choice; physical order needs its files located. */
    private static DeviceOrder order(DeviceFiles device, int[] byInode, Order asked, DeviceProbe probe,
                                     Locator locator, Reporter reporter) {
        AutoOrder.Choice choice = choice(device, asked, false, probe);
        LocateOutcome located = choice.order() == Order.PHYSICAL ? locator.locate(byInode, device.from(), device.to())
                : null;
        DeviceOrder order = DeviceOrder.of(device, choice, located);
        if (order.locateError() != null && asked == Order.PHYSICAL) {
            reporter.notice(order.where(), order.fileSystem() + ": physical blocks cannot be found ("
                    + order.locateError() + "); inode order on this file system");
        }
        return order;
    }

    private static AutoOrder.Choice choice(DeviceFiles device, Order asked, boolean readAsListed, DeviceProbe probe) {
        AutoOrder.Choice choice = asked == Order.AUTO
                ? AutoOrder.choose(device.fileSystemMagic(), probe.rotation(device.dev()))
                : new AutoOrder.Choice(asked, "--order=" + asked.key());
        if (readAsListed && choice.order() != Order.NONE) {
            choice = AutoOrder.READ_AS_LISTED;  // a file system in memory, say, keeps its own reason
        }
        return choice;
    }

    /** Each device's range of byInode, in the order the device got. */
    private static int[] byDevice(int[] byInode, List<DeviceOrder> devices, Locations locations) {
        int[] sequence = byInode.clone();
        for (DeviceOrder d : devices) {
            if (d.order() == Order.PHYSICAL) {
                PhysicalSort.sort(sequence, d.from(), d.to(), locations);
            } else if (d.order() == Order.NONE) {
                Arrays.sort(sequence, d.from(), d.to());  // file indices are numbered in listing order
            }
        }
        return sequence;
    }
}
