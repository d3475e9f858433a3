package dirdump.bench;

/**
 * One timed run: its round, how it went, and the page cache it started with (the percentage of the
 * files' pages resident, null when not measurable).
 */
public record TimedRun(int round, RunOutcome outcome, Double residentPercent, CacheState cache) {
    /** Its figures count: it read what it should have (a dirdump read: every file; a command: exit 0). */
    public boolean endedWell() {
        return outcome.failure() == null;
    }

    public double seconds() {
        return outcome.nanos() / 1e9;
    }

    /** 10^6 bytes a second, as the read summary counts. */
    public double mebibytesPerSecond() {
        return outcome.bytes() / (double) (1 << 20) / seconds();
    }

    public double filesPerSecond() {
        return outcome.files() / seconds();
    }
}
