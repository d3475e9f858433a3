package dirdump.order;

import dirdump.scan.Listing;
import java.util.Arrays;
import java.util.List;

/** The outcome of ordering: the files to read in order, each device's order and why, and where files lie. */
public final class OrderPlan {
    private final Listing listing;
    private final int[] sequence;
    private final int[] byInode;
    private final List<DeviceOrder> devices;
    private final Locator locator;

    OrderPlan(Listing listing, int[] sequence, int[] byInode, List<DeviceOrder> devices, Locator locator) {
        this.listing = listing;
        this.sequence = sequence;
        this.byInode = byInode;
        this.devices = devices;
        this.locator = locator;
    }

    /** The file indices to read, in order; second names of a file are left out. */
    public int[] sequence() {
        return sequence;
    }

    public List<DeviceOrder> devices() {
        return devices;
    }

    public Locations locations() {
        return locator.locations();
    }

    /** Time spent locating so far: for the order, and since for {@link #locateAll()}. */
    public long locatingNanos() {
        return locator.nanos();
    }

    /** Locates the files of the devices the order did not need located: for seek figures and --format. */
    public void locateAll() {
        for (DeviceOrder d : devices) {
            locator.locate(d, byInode);
        }
    }

    /** The seek distance of this order, and of directory order beside it; locates every file first. */
    public SeekDistance seekDistance() {
        locateAll();
        int[] directoryOrder = byInode.clone();
        Arrays.sort(directoryOrder);  // file indices are numbered in the order they were listed
        return SeekDistance.of(sequence, directoryOrder, locator.locations(), listing.files);
    }
}
