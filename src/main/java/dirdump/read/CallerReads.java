package dirdump.read;

/**
 * One reader, in the caller's thread: nothing in parallel (the comparison mode), and what reads when
 * the system would start no reading thread.
 */
final class CallerReads implements ReadLayout {
    @Override
    public int read(ReadParts parts) {
        parts.reader().run();
        return 1;
    }
}
