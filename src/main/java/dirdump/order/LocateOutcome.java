package dirdump.order;

/**
 * How one device's files were located: by which method and how many of them, or why its file system
 * refuses to be located.
 *
 * @param method FIEMAP or FIBMAP; null if refused
 * @param files the files located (a file may have no location: empty, inline, not written yet)
 * @param refusal why the blocks cannot be found here (FIEMAP: ...; FIBMAP: ...), or null
 */
public record LocateOutcome(LocateMethod method, int files, String refusal) {
    static LocateOutcome located(LocateMethod method, int files) {
        return new LocateOutcome(method, files, null);
    }

    static LocateOutcome refused(String refusal) {
        return new LocateOutcome(null, 0, refusal);
    }
}
