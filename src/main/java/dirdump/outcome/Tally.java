package dirdump.outcome;

/** Counts of one phase or one reader; merged at the end, so that the hot path needs no atomics. */
public final class Tally {
    private long filesRead;
    private long bytesRead;
    private long holes;
    private long cachedLeft;
    private long errors;
    private long changed;
    private long directories;
    /** Skipped and filtered alike, by reason. */
    private final long[] skipped = new long[SkipReason.values().length];

    public void addRead(long bytes) {
        filesRead++;
        bytesRead += bytes;
    }

    /** Bytes read from a file that was not read to its end (the run was stopped). */
    public void addBytes(long bytes) {
        bytesRead += bytes;
    }

    /** Bytes of holes in sparse files, left out of the read: they would only cache zero pages. */
    public void addHoles(long bytes) {
        holes += bytes;
    }

    /** Bytes of the files a run was to bring in that were in the page cache already, and so left alone. */
    public void addCachedLeft(long bytes) {
        // saturating: a hostile snapshot may claim ranges of 2^63 bytes for a sparse file
        long sum = cachedLeft + bytes;
        cachedLeft = ((cachedLeft ^ sum) & (bytes ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }

    public void addSkipped(SkipReason reason) {
        skipped[reason.ordinal()]++;
    }

    public void addError() {
        errors++;
    }

    /** A file that was listed as a regular file but was something else when opened. */
    public void addChanged() {
        changed++;
    }

    public void addDirectory() {
        directories++;
    }

    public void add(Tally other) {
        filesRead += other.filesRead;
        bytesRead += other.bytesRead;
        holes += other.holes;
        cachedLeft += other.cachedLeft;
        errors += other.errors;
        changed += other.changed;
        directories += other.directories;
        for (int i = 0; i < skipped.length; i++) {
            skipped[i] += other.skipped[i];
        }
    }

    public long filesRead() {
        return filesRead;
    }

    public long bytesRead() {
        return bytesRead;
    }

    public long holes() {
        return holes;
    }

    public long cachedLeft() {
        return cachedLeft;
    }

    public long errors() {
        return errors;
    }

    public long changed() {
        return changed;
    }

    public long directories() {
        return directories;
    }

    public long skipped(SkipReason reason) {
        return skipped[reason.ordinal()];
    }

    /** Entries skipped, those that changed since listed included; not those filtered. */
    public long skippedTotal() {
        return changed + sum(false);
    }

    public long filteredTotal() {
        return sum(true);
    }

    private long sum(boolean byFilter) {
        long sum = 0;
        for (SkipReason r : SkipReason.values()) {
            if (r.byFilter == byFilter) {
                sum += skipped[r.ordinal()];
            }
        }
        return sum;
    }
}
