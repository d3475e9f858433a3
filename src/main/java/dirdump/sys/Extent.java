package dirdump.sys;

/**
 * One extent as FIEMAP reports it: where a file's bytes lie on the device. {@code elsewhere}: the file
 * has a next extent that does not begin where this one ends (its bytes lie in more than one place).
 */
public record Extent(long logical, long physical, long length, int flags, boolean elsewhere) {
    /** Location not known yet (with DELALLOC: written, not yet flushed); physical is 0. */
    public static final int UNKNOWN = 0x2;
    public static final int DELALLOC = 0x4;
    /** Data kept in the inode or metadata block: no data extent of its own. */
    public static final int DATA_INLINE = 0x200;

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }
}
