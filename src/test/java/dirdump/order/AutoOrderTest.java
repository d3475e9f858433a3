package dirdump.order;

import dirdump.sys.FileSystems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The automatic choice, case by case: a plain function of the file system and the disk. */
class AutoOrderTest {
    private static final long EXT4 = 0xEF53;
    private static final long XFS = 0x58465342;
    private static final long BTRFS = 0x9123683EL;
    private static final long TMPFS = 0x01021994;
    private static final long PROC = 0x9FA0;

    private static void assertChoice(Order expected, String reasonPart, long magic, Rotation rotation) {
        AutoOrder.Choice c = AutoOrder.choose(magic, rotation);
        assertEquals(expected, c.order(), c.reason());
        assertTrue(c.reason().contains(reasonPart), c.reason());
    }

    @Test
    void aRotatingDiskGetsPhysicalOrder() {
        assertChoice(Order.PHYSICAL, "rotating disk", EXT4, Rotation.ROTATING);
        // -v says why physical and not inode order, which also reads a fresh file system in one sweep.
        assertChoice(Order.PHYSICAL, "inode order parts from it once a file system has aged", EXT4,
                Rotation.ROTATING);
        assertChoice(Order.PHYSICAL, "rotating disk", XFS, Rotation.ROTATING);
        // statfs unavailable (java.nio fallback): the disk still decides.
        assertChoice(Order.PHYSICAL, "rotating disk", 0, Rotation.ROTATING);
    }

    @Test
    void aNonRotatingDiskGetsInodeOrder() {
        assertChoice(Order.INODE, "non-rotating", EXT4, Rotation.NON_ROTATING);
        assertChoice(Order.INODE, "non-rotating", XFS, Rotation.NON_ROTATING);
        assertChoice(Order.INODE, "virtual disk", EXT4, Rotation.VIRTUAL);
    }

    @Test
    void withoutABlockDeviceToAskInodeOrderIsTheSafeChoice() {
        // btrfs and overlayfs report an anonymous device (major 0) with no queue in sysfs.
        assertChoice(Order.INODE, "no block device", BTRFS, Rotation.UNKNOWN);
    }

    @Test
    void tmpfsGetsDirectoryOrderWhateverItSaysOfTheDisk() {
        assertChoice(Order.NONE, "tmpfs is in memory", TMPFS, Rotation.UNKNOWN);
        assertChoice(Order.NONE, "tmpfs is in memory", TMPFS, Rotation.ROTATING);
        assertChoice(Order.NONE, "ramfs", 0x858458F6L, Rotation.UNKNOWN);
    }

    @Test
    void networkFileSystemsGetDirectoryOrder() {
        assertChoice(Order.NONE, "nfs is a network file system", 0x6969, Rotation.UNKNOWN);
        assertChoice(Order.NONE, "cifs is a network file system", 0xFF534D42L, Rotation.UNKNOWN);
        assertChoice(Order.NONE, "smb2 is a network file system", 0xFE534D42L, Rotation.UNKNOWN);
        assertChoice(Order.NONE, "lustre is a network file system", 0x0BD00BD0L, Rotation.ROTATING);
        assertChoice(Order.NONE, "ceph", 0x00C36400L, Rotation.UNKNOWN);
    }

    @Test
    void kernelFileSystemsGetDirectoryOrder() {
        assertChoice(Order.NONE, "proc is made by the kernel", PROC, Rotation.UNKNOWN);
        assertChoice(Order.NONE, "sysfs", 0x62656572L, Rotation.UNKNOWN);
    }

    @Test
    void fileSystemsAreNamedEvenWhenUnknown() {
        assertEquals("ext4", FileSystems.name(EXT4));
        assertEquals("file system 0x12345678", FileSystems.name(0x12345678));
        assertEquals("unknown file system", FileSystems.name(0));
    }
}
