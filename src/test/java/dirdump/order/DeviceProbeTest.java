package dirdump.order;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What auto asks of a device: sysfs's rotational flag (a partition through its disk) and statfs. */
class DeviceProbeTest {
    @TempDir
    Path tmp;

    private final Os os = Os.load(warning -> { });

    /** dev_t for small numbers, as glibc's makedev makes it. */
    private static long dev(int major, int minor) {
        return ((long) major << 8) | minor;
    }

    private Path disk(String name, String rotational) throws Exception {
        Path disk = Files.createDirectories(tmp.resolve("devices/pci0000:00/block").resolve(name));
        Files.createDirectories(disk.resolve("queue"));
        Files.writeString(disk.resolve("queue/rotational"), rotational + "\n");
        return disk;
    }

    private void link(String majorMinor, Path target) throws Exception {
        Path link = Files.createDirectories(tmp.resolve("dev/block")).resolve(majorMinor);
        Files.createSymbolicLink(link, link.getParent().relativize(target));
    }

    @Test
    void aPartitionAnswersThroughItsParentDisk() throws Exception {
        // The layout of sysfs: a partition's directory sits inside its disk's and has no queue.
        Path sda = disk("sda", "1");
        Path sda1 = Files.createDirectories(sda.resolve("sda1"));
        Files.writeString(sda1.resolve("partition"), "1\n");
        Path nvme = disk("nvme0n1", "0");
        Path nvmeP2 = Files.createDirectories(nvme.resolve("nvme0n1p2"));
        Files.writeString(nvmeP2.resolve("partition"), "2\n");
        link("8:0", sda);
        link("8:1", sda1);
        link("259:0", nvme);
        link("259:2", nvmeP2);
        DeviceProbe probe = new DeviceProbe(tmp.resolve("dev/block"));

        assertEquals(Rotation.ROTATING, probe.rotation(dev(8, 0)));
        assertEquals(Rotation.ROTATING, probe.rotation(dev(8, 1)));
        assertEquals(Rotation.NON_ROTATING, probe.rotation(dev(259, 0)));
        assertEquals(Rotation.NON_ROTATING, probe.rotation(dev(259, 2)));
        assertEquals(Rotation.UNKNOWN, probe.rotation(dev(0, 45)), "anonymous device: tmpfs, btrfs, NFS");
    }

    @Test
    void btrfsAnonymousDeviceAnswersThroughTheBlockDeviceItsMountNames() throws Exception {
        // btrfs gives its files device 0:N; mountinfo names the disk it was mounted from. The source must
        // be a real block device (it is stat'ed): /dev/loop0, 7:0, as the kernel makes it.
        Path loop0 = Path.of("/dev/loop0");
        assumeTrue(Files.exists(loop0) && (long) Files.getAttribute(loop0, "unix:rdev") == dev(7, 0),
                "/dev/loop0 (7:0) is needed");
        link("7:0", disk("loop0", "1"));
        Path mountinfo = Files.writeString(tmp.resolve("mountinfo"),
                "22 1 254:1 / / rw,relatime - ext4 /dev/vda1 rw\n"
                        + "57 27 0:46 / /mnt/a\\040set rw,noatime - btrfs /dev/loop0 rw,space_cache=v2\n"
                        + "58 27 0:47 / /mnt/ram rw - tmpfs tmpfs rw\n"
                        + "59 27 0:48 / /mnt/fake rw - fuse.x /dev/nonexistent rw\n");
        DeviceProbe probe = new DeviceProbe(tmp.resolve("dev/block"), mountinfo);

        assertEquals(Rotation.ROTATING, probe.rotation(dev(0, 46)));
        assertEquals(Rotation.UNKNOWN, probe.rotation(dev(0, 47)), "tmpfs names no device");
        assertEquals(Rotation.UNKNOWN, probe.rotation(dev(0, 48)), "a source that is not there");
        assertEquals(Rotation.UNKNOWN, probe.rotation(dev(0, 49)), "no such mount");
    }

    @Test
    void aVirtioDiskIsVirtualWhateverItsFlagSays() throws Exception {
        Path vda = Files.createDirectories(tmp.resolve("devices/pci0000:00/0000:00:02.0/virtio1/block/vda"));
        Files.createDirectories(vda.resolve("queue"));
        Files.writeString(vda.resolve("queue/rotational"), "1\n");
        Path vda1 = Files.createDirectories(vda.resolve("vda1"));
        Files.writeString(vda1.resolve("partition"), "1\n");
        link("254:0", vda);
        link("254:1", vda1);
        DeviceProbe probe = new DeviceProbe(tmp.resolve("dev/block"));
        assertEquals(Rotation.VIRTUAL, probe.rotation(dev(254, 0)));
        assertEquals(Rotation.VIRTUAL, probe.rotation(dev(254, 1)));
    }

    @Test
    void theRealDiskUnderTheTemporaryDirectoryIsAsSysfsSays() throws Exception {
        long dev = os.stat(PathNames.bytes(tmp.toString())).dev;
        String flag = Trees.shOutput(tmp, "d=/sys/dev/block/$(stat -c %Hd:%Ld .); "
                + "case $(realpath $d) in *virtio*|*/vbd-*|*xen*) echo virtual; exit;; esac; "
                + "if [ -d $d/queue ]; then cat $d/queue/rotational; elif [ -e $d/partition ]; then "
                + "cat $d/../queue/rotational; else echo none; fi").trim();
        Rotation expected = flag.equals("virtual") ? Rotation.VIRTUAL : flag.equals("1") ? Rotation.ROTATING
                : flag.equals("0") ? Rotation.NON_ROTATING : Rotation.UNKNOWN;
        assertEquals(expected, new DeviceProbe().rotation(dev), "sysfs says " + flag);
    }
}
