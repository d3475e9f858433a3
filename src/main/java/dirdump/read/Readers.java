package dirdump.read;

/**
 * The threads that read, as asked (--jobs): {@code count} of them (null: not given, the default for
 * the disks: ReadPlan decides it), each with a buffer of
 * {@code bufferSize} bytes; with {@code prefetch} > 0, two openers open files and queue their first
 * read that many files ahead of them; with an {@code ioPriority} (or null), every reading thread runs at
 * that I/O priority; each with up to {@code depth} files' reads in flight in a ring of its own (--depth;
 * 0: one read at a time; null: not given, the default for the disks).
 */
public record Readers(Integer count, int bufferSize, int prefetch, IoPriority ioPriority, Integer depth) {
    /** {@code count} readers of {@code bufferSize} each, no openers ahead, at the process's I/O priority, one read at a time. */
    public static Readers of(Integer count, int bufferSize) {
        return new Readers(count, bufferSize, 0, null, 0);
    }

    public Readers withPrefetch(int prefetch) {
        return new Readers(count, bufferSize, prefetch, ioPriority, depth);
    }
}
