package dirdump.read;

/**
 * The threads that read (--jobs): {@code count} of them (null: the default for the disks, which the
 * run resolves once it knows them, before the read pass starts), each with a buffer of
 * {@code bufferSize} bytes; with {@code prefetch} > 0, two openers open files and queue their first
 * read that many files ahead of them; with an {@code ioPriority} (or null), every reading thread runs at
 * that I/O priority; each with up to {@code depth} files' reads in flight in a ring of its own (--depth;
 * 0: one read at a time; null: the default, resolved with the count: see DefaultReaders).
 */
public record Readers(Integer count, int bufferSize, int prefetch, IoPriority ioPriority, Integer depth) {
    /** {@code count} readers of {@code bufferSize} each, no openers ahead, at the process's I/O priority, one read at a time. */
    public static Readers of(Integer count, int bufferSize) {
        return new Readers(count, bufferSize, 0, null, 0);
    }

    public Readers withCount(Integer count) {
        return new Readers(count, bufferSize, prefetch, ioPriority, depth);
    }

    public Readers withPrefetch(int prefetch) {
        return new Readers(count, bufferSize, prefetch, ioPriority, depth);
    }

    public Readers withIoPriority(IoPriority ioPriority) {
        return new Readers(count, bufferSize, prefetch, ioPriority, depth);
    }

    public Readers withDepth(Integer depth) {
        return new Readers(count, bufferSize, prefetch, ioPriority, depth);
    }

    /** The reads in flight of one reader's ring, once resolved: 0 for none. */
    public int ringDepth() {
        return depth == null ? 0 : depth;
    }
}
