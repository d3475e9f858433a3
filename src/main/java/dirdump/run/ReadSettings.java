package dirdump.run;

import dirdump.read.ReadBounds;
import dirdump.read.Reading;

/**
 * A read's settings, the one value the command line resolves for it (the read command, run's
 * warm-up, each of bench's variants): which files in which order ({@code selection}), how they are
 * read ({@code reading}; its wanted bytes a --replay snapshot's, or a --range), how far and how fast
 * ({@code limits}); with {@code seekDistance}, every file is located after the read for the seek
 * distance of the order.
 */
public record ReadSettings(FileSelection selection, Reading reading, ReadBounds limits, boolean seekDistance) {
    /** No limits, no seek distance. */
    public static ReadSettings of(FileSelection selection, Reading reading) {
        return new ReadSettings(selection, reading, ReadBounds.NONE, false);
    }

    public ReadSettings withReading(Reading reading) {
        return new ReadSettings(selection, reading, limits, seekDistance);
    }

    public ReadSettings withLimits(ReadBounds limits) {
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
