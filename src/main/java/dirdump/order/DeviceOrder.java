package dirdump.order;

/**
 * One device of a run: which order its files got and why, and how their blocks were found. Its
 * files are the range [from, to) of the run's unique files in (device, inode) order.
 */
public final class DeviceOrder {
    private final long dev;
    private final String fileSystem;
    private final byte[] where;
    final int from;
    final int to;
    private Order order;
    private String reason;
    private boolean locateTried;
    private LocateMethod locatedBy;
    private int filesLocated;
    private String locateError;

    DeviceOrder(long dev, String fileSystem, byte[] where, int from, int to, Order order, String reason) {
        this.dev = dev;
        this.fileSystem = fileSystem;
        this.where = where;
        this.from = from;
        this.to = to;
        this.order = order;
        this.reason = reason;
    }

    public long dev() {
        return dev;
    }

    /** The file system's name (ext4, tmpfs, ...), from statfs. */
    public String fileSystem() {
        return fileSystem;
    }

    /** The highest directory of the run on this device (its mount point or a PATH), to name it. */
    public byte[] where() {
        return where;
    }

    public int files() {
        return to - from;
    }

    public Order order() {
        return order;
    }

    public String reason() {
        return reason;
    }

    boolean locateTried() {
        return locateTried;
    }

    /** FIEMAP or FIBMAP; null if the files were not located (not needed, or refused). */
    public LocateMethod locatedBy() {
        return locatedBy;
    }

    public int filesLocated() {
        return filesLocated;
    }

    /** Why this file system's blocks cannot be found (FIEMAP: ...; FIBMAP: ...), or null. */
    public String locateError() {
        return locateError;
    }

    void located(LocateMethod method, int count) {
        locateTried = true;
        locatedBy = method;
        filesLocated = count;
    }

    void locateRefused(String error) {
        locateTried = true;
        locateError = error;
    }

    /** Physical order was chosen but the blocks cannot be found: inode order instead. */
    void fallBackToInodeOrder() {
        order = Order.INODE;
        reason = reason + "; physical blocks cannot be found here, so inode order";
    }
}
