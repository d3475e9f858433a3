package dirdump.read;

/**
 * How the files are read, the part of a read's settings ({@code run.ReadSettings}) that the read pass
 * takes as it is: by {@code method}, which bytes of each file ({@code wanted}: all, a --range, a
 * snapshot's), with {@code force} also the files whose pages are all cached already (else only the
 * pages not cached are brought in), by which {@code readers}; with {@code measureAfter}, each file's
 * residency is measured again once read, for a summary that shows it (one cachestat a file, which -q
 * leaves out).
 */
public record Reading(ReadMethod method, Wanted wanted, boolean force, Readers readers, boolean measureAfter) {
    /** Every byte of each file by {@code method}, cached files skipped, no residency measured after. */
    public static Reading of(ReadMethod method, Readers readers) {
        return new Reading(method, Wanted.WHOLE, false, readers, false);
    }

    public Reading withWanted(Wanted wanted) {
        return new Reading(method, wanted, force, readers, measureAfter);
    }

    public Reading withForce(boolean force) {
        return new Reading(method, wanted, force, readers, measureAfter);
    }

    public Reading withReaders(Readers readers) {
        return new Reading(method, wanted, force, readers, measureAfter);
    }

    public Reading withMeasureAfter(boolean measureAfter) {
        return new Reading(method, wanted, force, readers, measureAfter);
    }
}
