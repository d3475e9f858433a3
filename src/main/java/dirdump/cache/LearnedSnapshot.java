package dirdump.cache;

import dirdump.scan.WalkResult;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What run --learn saves: the ranges COMMAND read of each file, in the snapshot format of status --save,
 * merged with the snapshot FILE held before (its union: a file in both gets the ranges of both, within
 * its size now, and its size and mtime now; a file only in the earlier one stays as it was saved).
 */
public final class LearnedSnapshot {
    /**
     * What was saved: the files in the snapshot and the bytes of their ranges; of them, those learned now
     * and their bytes (as read now), and of those the files the earlier snapshot had too; whether the writer
     * left files out (beyond the bounds, said by {@link SnapshotWriter#leftOut}).
     */
    public record Saved(long files, long bytes, long learned, long learnedBytes, long merged, boolean leftOut) {
    }

    private final WalkResult walk;
    private final List<Snapshot.Entry> learned = new ArrayList<>();

    public LearnedSnapshot(WalkResult walk) {
        this.walk = walk;
    }

    /** Listed file {@code f} was read in {@code ranges} (whole pages); its size and mtime now. */
    public void add(int f, ByteRanges ranges, long size, long mtimeNanos) {
        byte[][] rootAndName = SnapshotSaver.rootAndName(walk, f);
        learned.add(new Snapshot.Entry(rootAndName[0], rootAndName[1], size, mtimeNanos, ranges.toPairs()));
    }

    /**
     * Writes the files learned, merged with {@code earlier} (or null), into {@code writer}, and commits it;
     * {@code pageSize}: this machine's. What the writer leaves out (beyond the bounds) it says itself.
     */
    public Saved save(SnapshotWriter writer, Snapshot earlier, int pageSize) throws IOException {
        Map<ByteBuffer, Snapshot.Entry> before = new LinkedHashMap<>();
        if (earlier != null) {
            for (Snapshot.Entry e : earlier.entries()) {
                before.put(key(e), e);
            }
        }
        long merged = 0;
        long bytes = 0;
        long learnedBytes = 0;
        for (Snapshot.Entry e : learned) {
            Snapshot.Entry old = before.remove(key(e));
            ByteRanges ranges = ByteRanges.ofPairs(e.ranges());
            learnedBytes += ranges.length();
            if (old != null) {
                merged++;
                ranges = ByteRanges.ofPairs(old.ranges()).pages(pageSize, e.size()).union(ranges);
            }
            bytes += ranges.length();
            writer.file(e.root(), e.name(), e.size(), e.mtimeNanos(), ranges.toPairs(), pageSize);
        }
        for (Snapshot.Entry e : before.values()) {
            ByteRanges ranges = ByteRanges.ofPairs(e.ranges()).pages(pageSize, e.size());
            bytes += ranges.length();
            writer.file(e.root(), e.name(), e.size(), e.mtimeNanos(), ranges.toPairs(), pageSize);
        }
        writer.commit();
        return new Saved(writer.files(), bytes, learned.size(), learnedBytes, merged, writer.leftOut() != null);
    }

    /** A file's root and name, a NUL between (which neither holds): the same file in both snapshots. */
    private static ByteBuffer key(Snapshot.Entry e) {
        return ByteBuffer.allocate(e.root().length + 1 + e.name().length).put(e.root()).put((byte) 0).put(e.name())
                .flip();
    }
}
