package dirdump.order;

/** Whether the disk under a file system rotates, as sysfs says. */
public enum Rotation {
    ROTATING,
    NON_ROTATING,
    /** No block device to ask: tmpfs, NFS, or an anonymous device such as btrfs's or overlayfs's. */
    UNKNOWN
}
