package dirdump.read;

/**
 * How a run reads: {@code jobs} readers, each with a buffer of {@code bufferSize} bytes, by
 * {@code method}; with {@code prefetch} > 0, files are opened and their first read queued that many
 * files ahead of the readers; with {@code skipCached}, files entirely in the page cache are not read;
 * with an {@code ioPriority} (or null), every reading thread runs at that I/O priority; with
 * {@code measureAfter}, each file's residency is measured again once read (for a summary that shows it:
 * one cachestat a file, which -q leaves out); {@code wanted}: which bytes of each file (all, a
 * --range, a snapshot's), of which only the pages not cached are brought in unless not skipCached.
 */
public record ReadPlan(int bufferSize, int jobs, ReadMethod method, int prefetch, boolean skipCached,
                       IoPriority ioPriority, boolean measureAfter, Wanted wanted) {
    /** Every byte of each file. */
    public ReadPlan(int bufferSize, int jobs, ReadMethod method, int prefetch, boolean skipCached,
                    IoPriority ioPriority, boolean measureAfter) {
        this(bufferSize, jobs, method, prefetch, skipCached, ioPriority, measureAfter, Wanted.WHOLE);
    }
}
