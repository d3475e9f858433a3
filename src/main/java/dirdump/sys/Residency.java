package dirdump.sys;

/** How many of a file's pages are in the page cache. */
public record Residency(long residentPages, long totalPages, long dirtyPages) {
}
