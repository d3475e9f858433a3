package dirdump.order;

/**
 * How one device's files were located: by which method and how many of them, or why its file system
 * refuses to be located.
 *
 * @param method FIEMAP or FIBMAP; null if refused
 * @param files the files located (a file may have no location: empty, inline, not written yet)
 * @param elsewhere of those, the files whose bytes lie in more than one place (FIEMAP's first extent
 *                  not the whole file, nor followed on at once by the next); -1 where not known (FIBMAP)
 * @param refusal why the blocks cannot be found here (FIEMAP: ...; FIBMAP: ...), or null
 */
public record LocateOutcome(LocateMethod method, int files, int elsewhere, String refusal) {
    static LocateOutcome located(LocateMethod method, int files, int elsewhere) {
        return new LocateOutcome(method, files, method == LocateMethod.FIEMAP ? elsewhere : -1, null);
    }

    static LocateOutcome refused(String refusal) {
        return new LocateOutcome(null, 0, -1, refusal);
    }
}
