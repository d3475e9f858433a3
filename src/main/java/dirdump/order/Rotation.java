package dirdump.order;

/** Whether the disk under a file system rotates, as sysfs says. */
public enum Rotation {
    ROTATING,
    NON_ROTATING,
    /** A paravirtual disk (virtio, Xen), whose rotational flag is its host's default, not a fact. */
    VIRTUAL,
    /** No block device to ask: tmpfs, NFS, or an anonymous device such as btrfs's or overlayfs's. */
    UNKNOWN
}
