package dirdump.order;

import dirdump.scan.FoundFiles;
import java.util.Arrays;

/**
 * How far a disk head travels between files: the sum of the absolute jumps from the end of one
 * file's first extent to the start of the next file's, for an order and for directory order. Files
 * not located are passed over; each device's head is followed on its own.
 */
public record SeekDistance(long bytes, long directoryOrderBytes, int filesLocated, int files) {
    private static final double MIB = 1024.0 * 1024.0;

    /** For the plan's order, and for directory order over the same files. */
    static SeekDistance of(OrderPlan plan, Locations locations, FoundFiles files) {
        int[] directoryOrder = plan.byInode().clone();
        Arrays.sort(directoryOrder);  // file indices are numbered in the order they were listed
        return of(plan.sequence(), directoryOrder, locations, files);
    }

    static SeekDistance of(int[] order, int[] directoryOrder, Locations locations, FoundFiles files) {
        int located = 0;
        for (int f : order) {
            if (locations.known(f)) {
                located++;
            }
        }
        return new SeekDistance(jumps(order, locations, files), jumps(directoryOrder, locations, files),
                located, order.length);
    }

    static long jumps(int[] sequence, Locations locations, FoundFiles files) {
        long[] devs = new long[4];
        long[] heads = new long[4];
        int devices = 0;
        long sum = 0;
        for (int f : sequence) {
            if (!locations.known(f)) {
                continue;
            }
            int d = 0;
            while (d < devices && devs[d] != files.dev(f)) {
                d++;
            }
            if (d == devices) {
                if (devices == devs.length) {
                    devs = Arrays.copyOf(devs, devices * 2);
                    heads = Arrays.copyOf(heads, devices * 2);
                }
                devs[devices++] = files.dev(f);
            } else {
                sum += Math.abs(locations.start(f) - heads[d]);
            }
            heads[d] = locations.end(f);
        }
        return sum;
    }

    public double mib() {
        return bytes / MIB;
    }

    public double directoryOrderMib() {
        return directoryOrderBytes / MIB;
    }
}
