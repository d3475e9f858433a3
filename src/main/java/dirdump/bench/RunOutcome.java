package dirdump.bench;

/**
 * One timed run of a variant: its wall-clock time, the files and bytes it read, and what went wrong
 * ({@code failure}, null when it ended well).
 */
public record RunOutcome(long nanos, long files, long bytes, String failure) {
}
