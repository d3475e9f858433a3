package dirdump.order;

import java.util.List;

/**
 * The outcome of ordering, a plain result.
 *
 * @param sequence the file indices to read, in order; second names of a file and filtered files left out.
 *                 Null where the files were read as the walk listed them ({@link Orderer#asListed}): no
 *                 order was made, {@link #files} is how many
 * @param byInode the same files in (device, inode) order: each device's files are one range of it; null
 *                likewise
 * @param devices each device's order and why
 * @param locations where the files the order located lie (those of the devices in physical order)
 * @param locatingNanos the time ordering spent locating files
 */
public record OrderPlan(int[] sequence, int[] byInode, List<DeviceOrder> devices, Locations locations,
                        long locatingNanos) {
    /** How many files: those of every device (the sequence's length, where there is one). */
    public int files() {
        int files = 0;
        for (DeviceOrder d : devices) {
            files += d.files();
        }
        return files;
    }
}
