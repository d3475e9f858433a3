package dirdump.order;

import dirdump.sys.FileSystems;

/**
 * --order=auto: the order for one device, from its file system and its disk. A plain function of its
 * inputs, so that each case is tested without the hardware.
 */
public final class AutoOrder {
    /** The order a device gets, and why, in words for -v and --json. */
    public record Choice(Order order, String reason) {
    }

    /**
     * A device with no rotating disk under it, whose files were read as the walk listed them, while it
     * went on: what auto gives a read (see run.StreamedRead).
     */
    public static final Choice READ_AS_LISTED = new Choice(Order.NONE, "no rotating disk: read as listed, while "
            + "the walk went on");

    private AutoOrder() {
    }

    public static Choice choose(long fileSystemMagic, Rotation rotation) {
        String fs = FileSystems.name(fileSystemMagic);
        switch (FileSystems.kind(fileSystemMagic)) {
            case MEMORY:
                return new Choice(Order.NONE, fs + " is in memory: no seeks to save");
            case NETWORK:
                return new Choice(Order.NONE, fs + " is a network file system: the server orders its own disk reads");
            case KERNEL:
                return new Choice(Order.NONE, fs + " is made by the kernel: no disk behind it");
            default:
                break;
        }
        switch (rotation) {
            case ROTATING:
                // Measured on an emulated disk (docs/performance.md): alike on a fresh file system, physical
                // order less than half inode order's disk time on an aged one.
                return new Choice(Order.PHYSICAL, "rotating disk: seeks cost most of the time, and the blocks' "
                        + "order is the head's; inode order parts from it once a file system has aged");
            case NON_ROTATING:
                // Reads cost about the same anywhere; the locating pass would cost more than it saves.
                return new Choice(Order.INODE, "non-rotating disk");
            case VIRTUAL:
                return new Choice(Order.INODE, "virtual disk: its rotational flag is the host's default, and "
                        + "reads in flight matter more than order");
            default:
                return new Choice(Order.INODE, "no block device tells whether the disk rotates");
        }
    }
}
