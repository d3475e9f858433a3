package dirdump.cache;

import dirdump.outcome.Units;
import dirdump.scan.PathListReader;

/**
 * What a snapshot may hold: the one definition {@link SnapshotWriter} saves within and {@link Snapshot}
 * reads by, so that what status --save writes --replay reads. {@code longestName}: a root and a name
 * below it, joined as a replay joins them (root/name), are at most this long, the longest name the
 * --files-from reader takes (a replay reads its names through it). {@code largest}: the bytes of a
 * whole snapshot, which a replay reads into memory.
 */
public record SnapshotBounds(int longestName, int largest) {
    /** The format's (docs/snapshot-format.md): names of up to 16 MiB, 1 GiB in all. */
    public static final SnapshotBounds FORMAT = new SnapshotBounds(PathListReader.LONGEST, 1 << 30);

    /** Whether a file of {@code name} below {@code root} (their lengths) is a name a replay takes. */
    boolean fits(long root, long name) {
        return root + 1 + name <= longestName;
    }

    /** "16 MiB", for messages. */
    String longestNameText() {
        return Units.exact(longestName);
    }

    /** "1 GiB", for messages. */
    String largestText() {
        return Units.exact(largest);
    }
}
