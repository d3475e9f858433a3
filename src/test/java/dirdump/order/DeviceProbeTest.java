package dirdump.order;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
