package dirdump.run;

import dirdump.read.Reading;

/**
 * A read's settings, the one value the command line resolves for it (the read command, run's
 * warm-up, each of bench's variants): which files in which order ({@code selection}), how they are
 * read ({@code reading}; its wanted bytes a --replay snapshot's, or a --range), how far and how fast
 * ({@code limits}); with {@code seekDistance}, every file is located after the read for the seek
 * distance of the order.
 */
public record ReadSettings(FileSelection selection, Reading reading, Limits limits, boolean seekDistance) {
    /**
     * {@code bwlimit}: bytes a second, all readers together, 0 for none; {@code maxBytes}: the most to
     * bring in, or null; {@code maxBytesAuto}: --max-bytes auto, the bound found when the read starts
     * ({@code maxBytes} null).
     */
    public record Limits(long bwlimit, Long maxBytes, boolean maxBytesAuto) {
        public static final Limits NONE = new Limits(0, null, false);
    }

    /** No limits, no seek distance. */
    public static ReadSettings of(FileSelection selection, Reading reading) {
        return new ReadSettings(selection, reading, Limits.NONE, false);
    }

    public ReadSettings withReading(Reading reading) {
        return new ReadSettings(selection, reading, limits, seekDistance);
    }

    public ReadSettings withLimits(Limits limits) {
        return new ReadSettings(selection, reading, limits, seekDistance);
    }

    public ReadSettings withSeekDistance(boolean seekDistance) {
        return new ReadSettings(selection, reading, limits, seekDistance);
    }

    /** The --replay snapshot whose pages are read, or null. */
    public Replay replay() {
        return reading.wanted() instanceof Replay r ? r : null;
    }
}
