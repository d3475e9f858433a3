package dirdump.order;

import java.util.List;

/**
 * One device of a run: which order its files got and why, and, when the order needed them located,
 * how their blocks were found. Its files are the range [from, to) of the run's unique files in
 * (device, inode) order.
 *
 * @param fileSystem the file system's name (ext4, tmpfs, ...), from statfs
 * @param named the highest directories of the run on this device (the PATHs on it, or its mount point),
 *              shortest first, to name it
 * @param located how the order located the files; null if it did not need them located
 */
public record DeviceOrder(long dev, String fileSystem, List<byte[]> named, int from, int to, Order order, String reason,
                          LocateOutcome located) {
    /** The order chosen for {@code files}; physical order whose blocks cannot be found is inode order instead. */
    static DeviceOrder of(DeviceFiles files, AutoOrder.Choice choice, LocateOutcome located) {
        boolean refused = located != null && located.refusal() != null;
        return new DeviceOrder(files.dev(), files.fileSystem(), files.named(), files.from(), files.to(),
                refused ? Order.INODE : choice.order(),
                refused ? choice.reason() + "; physical blocks cannot be found here, so inode order" : choice.reason(),
                located);
    }

    /** The first of the directories that name the device, the shortest: in messages about it. */
    public byte[] where() {
        return named.get(0);
    }

    public int files() {
        return to - from;
    }

    /** Why this file system's blocks cannot be found (FIEMAP: ...; FIBMAP: ...), or null. */
    public String locateError() {
        return located == null ? null : located.refusal();
    }
}
