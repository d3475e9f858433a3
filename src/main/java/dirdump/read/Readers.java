package dirdump.read;

/**
 * The threads that read (--jobs): {@code count} of them (null: the default for the disks, which the
 * run resolves once it knows them, before the read pass starts), each with a buffer of
 * {@code bufferSize} bytes; with {@code prefetch} > 0, two openers open files and queue their first
 * read that many files ahead of them; with an {@code ioPriority} (or null), every reading thread runs at
 * that I/O priority.
 */
public record Readers(Integer count, int bufferSize, int prefetch, IoPriority ioPriority) {
    /** {@code count} readers of {@code bufferSize} each, no openers ahead, at the process's I/O priority. */
    public static Readers of(Integer count, int bufferSize) {
        return new Readers(count, bufferSize, 0, null);
    }

    public Readers withCount(Integer count) {
        return new Readers(count, bufferSize, prefetch, ioPriority);
    }

    public Readers withPrefetch(int prefetch) {
        return new Readers(count, bufferSize, prefetch, ioPriority);
    }

    public Readers withIoPriority(IoPriority ioPriority) {
        return new Readers(count, bufferSize, prefetch, ioPriority);
    }
}
