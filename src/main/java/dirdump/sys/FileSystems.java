package dirdump.sys;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/** What statfs's f_type (the magic number) says about a file system: its name, and what kind it is. */
public final class FileSystems {
    public enum Kind {
        /** On a block device: whether to sort depends on the disk. */
        DISK,
        /** Kept in memory: nothing to seek. */
        MEMORY,
        /** Served over the network: the server orders its own disk reads. */
        NETWORK,
        /** Made up by the kernel on each read: no disk behind it. */
        KERNEL,
        /** Not in the table, or statfs could not say (magic 0). */
        UNKNOWN
    }

    private record Known(String name, Kind kind) {
    }

    /** ext2, ext3 and ext4 share one magic, and one driver (ext4's); the superblock's features tell them apart. */
    private static final long EXT = 0xEF53L;
    private static final Set<String> EXT_TYPES = Set.of("ext2", "ext3", "ext4");

    /** From linux/magic.h and the file systems' own headers. */
    private static final Map<Long, Known> KNOWN = Map.ofEntries(
            Map.entry(EXT, new Known("ext4", Kind.DISK)),  // also ext2 and ext3: see name(magic, dev)
            Map.entry(0x58465342L, new Known("xfs", Kind.DISK)),
            Map.entry(0x9123683EL, new Known("btrfs", Kind.DISK)),
            Map.entry(0xF2F52010L, new Known("f2fs", Kind.DISK)),
            Map.entry(0x4D44L, new Known("vfat", Kind.DISK)),
            Map.entry(0x2011BAB0L, new Known("exfat", Kind.DISK)),
            Map.entry(0x5346544EL, new Known("ntfs", Kind.DISK)),
            Map.entry(0x2FC12FC1L, new Known("zfs", Kind.DISK)),
            Map.entry(0x9660L, new Known("iso9660", Kind.DISK)),
            Map.entry(0x73717368L, new Known("squashfs", Kind.DISK)),
            Map.entry(0x794C7630L, new Known("overlayfs", Kind.DISK)),
            Map.entry(0x65735546L, new Known("fuse", Kind.DISK)),
            Map.entry(0x01021994L, new Known("tmpfs", Kind.MEMORY)),
            Map.entry(0x858458F6L, new Known("ramfs", Kind.MEMORY)),
            Map.entry(0x958458F6L, new Known("hugetlbfs", Kind.MEMORY)),
            Map.entry(0x6969L, new Known("nfs", Kind.NETWORK)),
            Map.entry(0xFF534D42L, new Known("cifs", Kind.NETWORK)),
            Map.entry(0xFE534D42L, new Known("smb2", Kind.NETWORK)),
            Map.entry(0x517BL, new Known("smb", Kind.NETWORK)),
            Map.entry(0x0BD00BD0L, new Known("lustre", Kind.NETWORK)),
            Map.entry(0x00C36400L, new Known("ceph", Kind.NETWORK)),
            Map.entry(0x01021997L, new Known("9p", Kind.NETWORK)),
            Map.entry(0x5346414FL, new Known("afs", Kind.NETWORK)),
            Map.entry(0x6B414653L, new Known("afs", Kind.NETWORK)),
            Map.entry(0x73757245L, new Known("coda", Kind.NETWORK)),
            Map.entry(0x9FA0L, new Known("proc", Kind.KERNEL)),
            Map.entry(0x62656572L, new Known("sysfs", Kind.KERNEL)),
            Map.entry(0x64626720L, new Known("debugfs", Kind.KERNEL)),
            Map.entry(0x74726163L, new Known("tracefs", Kind.KERNEL)),
            Map.entry(0x73636673L, new Known("securityfs", Kind.KERNEL)),
            Map.entry(0x62656570L, new Known("configfs", Kind.KERNEL)),
            Map.entry(0x0027E0EBL, new Known("cgroup", Kind.KERNEL)),
            Map.entry(0x63677270L, new Known("cgroup2", Kind.KERNEL)),
            Map.entry(0x6165676CL, new Known("pstore", Kind.KERNEL)),
            Map.entry(0xCAFE4A11L, new Known("bpf", Kind.KERNEL)),
            Map.entry(0x1CD1L, new Known("devpts", Kind.KERNEL)),
            Map.entry(0xDE5E81E4L, new Known("efivarfs", Kind.KERNEL)),
            Map.entry(0x65735543L, new Known("fusectl", Kind.KERNEL)),
            Map.entry(0x19800202L, new Known("mqueue", Kind.KERNEL)),
            Map.entry(0x42494E4DL, new Known("binfmt_misc", Kind.KERNEL)),
            Map.entry(0xF97CFF8CL, new Known("selinuxfs", Kind.KERNEL)),
            Map.entry(0x43415D53L, new Known("smackfs", Kind.KERNEL)),
            Map.entry(0x6E736673L, new Known("nsfs", Kind.KERNEL)),
            Map.entry(0x67596969L, new Known("rpc_pipefs", Kind.KERNEL)));

    private FileSystems() {
    }

    /** tmpfs, nfs, ...; the magic in hex for one not in the table; "unknown" for 0. */
    public static String name(long magic) {
        Known k = KNOWN.get(magic);
        return k != null ? k.name() : magic == 0 ? "unknown file system" : String.format("file system 0x%x", magic);
    }

    /**
     * As {@link #name(long)}, for the file system of device {@code dev}: one of ext2/ext3/ext4's magic
     * is named by the type it is mounted as (/proc/self/mountinfo), which mount(8) took from the
     * superblock's feature flags (blkid: a journal and none of ext4's features is ext3, neither is
     * ext2), and the ext4 driver keeps for ext2 and ext3. Where the mount is not found, "ext4".
     */
    public static String name(long magic, long dev) {
        if (magic != EXT) {
            return name(magic);
        }
        String device = DeviceNumbers.major(dev) + ":" + DeviceNumbers.minor(dev);
        for (MountInfo.Mount m : MountInfo.read(MountInfo.SELF)) {
            if (m.device().equals(device) && EXT_TYPES.contains(m.type())) {
                return m.type();
            }
        }
        return name(magic);
    }

    /** Made up by the kernel (proc, sysfs, ...): nothing in it has a page cache to warm, and some reads act. */
    public static boolean pseudo(long magic) {
        return kind(magic) == Kind.KERNEL;
    }

    public static Kind kind(long magic) {
        Known k = KNOWN.get(magic);
        return k != null ? k.kind() : Kind.UNKNOWN;
    }
}
