package dirdump.sys;

/** st_dev as glibc encodes it: the MAJOR:MINOR that /sys/dev/block and ls -l show. */
public final class DeviceNumbers {
    private DeviceNumbers() {
    }

    /** glibc's makedev, so that devices compare equal to st_dev as stat(2) and java.nio report it. */
    static long makedev(long major, long minor) {
        return ((major & 0xfffL) << 8) | (minor & 0xffL) | ((major & ~0xfffL) << 32) | ((minor & ~0xffL) << 12);
    }

    /** glibc's major(): the high bits come from a 32-bit slice, hence the masks to 32 bits. */
    public static long major(long dev) {
        return ((dev >>> 8) & 0xfffL) | ((dev >>> 32) & 0xfffff000L);
    }

    public static long minor(long dev) {
        return (dev & 0xffL) | ((dev >>> 12) & 0xffffff00L);
    }

    /** "MAJOR:MINOR", as /sys/dev/block names the device. */
    public static String text(long dev) {
        return major(dev) + ":" + minor(dev);
    }
}
