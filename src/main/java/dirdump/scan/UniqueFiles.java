package dirdump.scan;

import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import java.util.BitSet;

/**
 * The listed files a command works on, each file once: in (device, inode) order, without the second
 * names of a file (hard links, a PATH given twice, a directory reached twice under -L) and without
 * those a filter after the walk left out ({@link SizeFilter}). What the order puts in order.
 */
public final class UniqueFiles {
    private final int[] byInode;
    /** The listed files not in {@code byInode}. */
    private final BitSet leftOut;

    private UniqueFiles(int[] byInode, BitSet leftOut) {
        this.byInode = byInode;
        this.leftOut = leftOut;
    }

    /** Every listed file once: the first listed of each (device, inode); each second name is counted and told. */
    public static UniqueFiles of(WalkResult walk, Tally tally, Reporter reporter) {
        FoundFiles files = walk.files;
        int n = files.size();
        int[] all = IndexSort.identity(n);
        // Stable sort: among equal (device, inode) the first listed comes first and is the one kept.
        IndexSort.sort(all, 0, n, byDeviceAndInode(files));
        BitSet secondNames = new BitSet(n);
        for (int i = 1; i < n; i++) {
            int f = all[i];
            int prev = all[i - 1];
            if (files.dev(f) == files.dev(prev) && files.ino(f) == files.ino(prev)) {
                secondNames.set(f);
                tally.addSkipped(SkipReason.DUPLICATE);
                reporter.skipped(walk.path(f), SkipReason.DUPLICATE);
            }
        }
        return new UniqueFiles(all, new BitSet(n)).without(secondNames);
    }

    /**
     * The listed files of {@code kept}, each the first name of its file already (see {@link FirstNames}),
     * in (device, inode) order; every other listed file left out.
     */
    public static UniqueFiles only(WalkResult walk, BitSet kept) {
        return only(walk, kept, byDeviceAndInode(walk.files));
    }

    /**
     * As {@link #only}, each device's files in the order listed, not by inode: for a read that took every
     * file as the walk listed it (run.StreamedRead), whose plan keeps them so and asks for no device's
     * inode order. Sorted only where the files are on more than one device: a warm tree's re-check
     * spent about 3 % of its CPU on sorting 57,000 files by inode to put them back in listing order.
     */
    public static UniqueFiles asListed(WalkResult walk, BitSet kept) {
        FoundFiles files = walk.files;
        return only(walk, kept, (a, b) -> Long.compareUnsigned(files.dev(a), files.dev(b)));
    }

    private static UniqueFiles only(WalkResult walk, BitSet kept, IndexSort.IndexComparator order) {
        FoundFiles files = walk.files;
        // Sized at once: a stream's toArray gathers in chunks and copies, twice the array at the walk's end.
        int[] all = new int[kept.cardinality()];
        for (int i = 0, f = kept.nextSetBit(0); f >= 0; f = kept.nextSetBit(f + 1)) {
            all[i++] = f;
        }
        if (!sorted(all, order)) {
            IndexSort.sort(all, 0, all.length, order);
        }
        BitSet leftOut = new BitSet(files.size());
        leftOut.set(0, files.size());
        leftOut.andNot(kept);
        return new UniqueFiles(all, leftOut);
    }

    private static boolean sorted(int[] a, IndexSort.IndexComparator order) {
        for (int i = 1; i < a.length; i++) {
            if (order.compare(a[i - 1], a[i]) > 0) {
                return false;
            }
        }
        return true;
    }

    private static IndexSort.IndexComparator byDeviceAndInode(FoundFiles files) {
        return (a, b) -> {
            int c = Long.compareUnsigned(files.dev(a), files.dev(b));
            return c != 0 ? c : Long.compareUnsigned(files.ino(a), files.ino(b));
        };
    }

    /**
     * The files in (device, inode) order: each device's files side by side, its inode tables in one sweep
     * ({@link #asListed}: each device's in the order listed).
     */
    public int[] byInode() {
        return byInode;
    }

    /** The files of {@code sequence} (listed files in some order) that are kept here, in its order. */
    public int[] of(int[] sequence) {
        return without(sequence, leftOut);
    }

    /** These files less {@code drop}. */
    UniqueFiles without(BitSet drop) {
        if (drop.isEmpty()) {
            return this;
        }
        BitSet out = (BitSet) leftOut.clone();
        out.or(drop);
        return new UniqueFiles(without(byInode, drop), out);
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
