package dirdump.order;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.scan.DirectoryTable;
import dirdump.scan.FileList;
import dirdump.scan.Listing;
import dirdump.sys.Os;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * Puts the listed files in the order they will be read, and drops every second listing of the same
 * (device, inode), so that a file with several hard links is read once, and the files outside
 * {@code sizes}.
 */
public final class Orderer {
    private Orderer() {
    }

    /**
     * Orders the listing. Inode, physical and auto order read one device after the other (by device
     * number), each in the order it got; none and name order are one order over the whole run.
     */
    public static OrderPlan plan(Listing listing, OrderSettings settings, SizeRange sizes, Os os, Tally tally,
                                 Reporter reporter) {
        FileList files = listing.files;
        int n = files.size();
        int[] all = identity(n);
        // Stable sort: among equal (device, inode) the first listed comes first and is the one kept.
        IndexSort.sort(all, 0, n, (a, b) -> {
            int c = Long.compareUnsigned(files.dev(a), files.dev(b));
            return c != 0 ? c : Long.compareUnsigned(files.ino(a), files.ino(b));
        });
        BitSet dropped = new BitSet(n);
        for (int i = 1; i < n; i++) {
            int f = all[i];
            int prev = all[i - 1];
            if (files.dev(f) == files.dev(prev) && files.ino(f) == files.ino(prev)) {
                dropped.set(f);
                tally.addSkipped(SkipReason.DUPLICATE);
                reporter.skipped(listing.path(f), SkipReason.DUPLICATE);
            }
        }
        if (!sizes.keepsAll()) {
            SizeFilter.apply(listing, all, dropped, sizes, os, tally, reporter);
        }
        int[] byInode = without(all, dropped);
        List<DeviceOrder> devices = Devices.of(listing, byInode, settings.order(), new DeviceProbe());
        Locator locator = new Locator(os, listing, settings, reporter);
        for (DeviceOrder device : devices) {
            if (device.order() == Order.PHYSICAL) {
                locator.locate(device, byInode);
                if (device.locateError() != null) {
                    device.fallBackToInodeOrder();
                    if (settings.order() == Order.PHYSICAL) {
                        reporter.notice(device.where(), device.fileSystem() + ": physical blocks cannot be found ("
                                + device.locateError() + "); inode order on this file system");
                    }
                }
            }
        }
        int[] sequence;
        switch (settings.order()) {
            case NONE:
                sequence = without(identity(n), dropped);
                break;
            case NAME:
                sequence = without(byName(listing), dropped);
                break;
            default:
                sequence = byDevice(byInode, devices, locator);
        }
        return new OrderPlan(listing, sequence, byInode, devices, locator);
    }

    /** Each device's range of byInode, in the order the device got. */
    private static int[] byDevice(int[] byInode, List<DeviceOrder> devices, Locator locator) {
        int[] sequence = byInode.clone();
        for (DeviceOrder d : devices) {
            if (d.order() == Order.PHYSICAL) {
                PhysicalSort.sort(sequence, d.from, d.to, locator.locations());
            } else if (d.order() == Order.NONE) {
                Arrays.sort(sequence, d.from, d.to);  // file indices are numbered in listing order
            }
        }
        return sequence;
    }

    private static int[] byName(Listing listing) {
        FileList files = listing.files;
        int[] rank = sortedWalkRank(listing.directories);
        int[] sequence = identity(files.size());
        IndexSort.sort(sequence, 0, sequence.length, (a, b) -> {
            int c = Integer.compare(rank[files.dir(a)], rank[files.dir(b)]);
            return c != 0 ? c : files.compareNames(a, b);
        });
        return sequence;
    }

    /** Each directory's position in a depth-first walk that visits subdirectories by name. */
    private static int[] sortedWalkRank(DirectoryTable dirs) {
        int n = dirs.size();
        // Children of each directory, as ranges of one array (compressed adjacency).
        int[] start = new int[n + 1];
        for (int d = 0; d < n; d++) {
            if (dirs.parent(d) >= 0) {
                start[dirs.parent(d) + 1]++;
            }
        }
        for (int d = 0; d < n; d++) {
            start[d + 1] += start[d];
        }
        int[] child = new int[start[n]];
        int[] fill = Arrays.copyOf(start, n);
        for (int d = 0; d < n; d++) {
            if (dirs.parent(d) >= 0) {
                child[fill[dirs.parent(d)]++] = d;
            }
        }
        for (int d = 0; d < n; d++) {
            IndexSort.sort(child, start[d], start[d + 1], (a, b) -> Arrays.compareUnsigned(dirs.name(a), dirs.name(b)));
        }
        int[] rank = new int[n];
        int next = 0;
        int[] stack = new int[n];
        for (int root = 0; root < n; root++) {
            if (dirs.parent(root) >= 0) {
                continue;  // roots keep the order of the PATHs
            }
            int top = 0;
            stack[top++] = root;
            while (top > 0) {
                int d = stack[--top];
                rank[d] = next++;
                for (int i = start[d + 1] - 1; i >= start[d]; i--) {
                    stack[top++] = child[i];
                }
            }
        }
        return rank;
    }

    static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    private static int[] without(int[] sequence, BitSet drop) {
        if (drop.isEmpty()) {
            return sequence;
        }
        int[] kept = new int[sequence.length - drop.cardinality()];
        int k = 0;
        for (int f : sequence) {
            if (!drop.get(f)) {
                kept[k++] = f;
            }
        }
        return kept;
    }
}
