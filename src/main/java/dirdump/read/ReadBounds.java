package dirdump.read;

/**
 * How far and how fast a read may go, as the command line gave it: {@code bwlimit} bytes a second, all
 * readers together (0: no limit); {@code maxBytes} the most to bring in (null: no bound); {@code
 * maxBytesAuto}: --max-bytes auto, the bound found when the read starts ({@code maxBytes} null).
 */
public record ReadBounds(long bwlimit, Long maxBytes, boolean maxBytesAuto) {
    public static final ReadBounds NONE = new ReadBounds(0, null, false);

    /** Whether a --max-bytes bound, given or auto, holds the read: each file reserves its bytes of it. */
    public boolean bounded() {
        return maxBytes != null || maxBytesAuto;
    }
}
