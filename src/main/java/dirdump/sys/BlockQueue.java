package dirdump.sys;

import java.io.IOException;
import java.nio.file.Path;
import java.util.OptionalLong;

/** What sysfs says about a block device's queue: /sys/dev/block/MAJOR:MINOR/queue (see {@link BlockDevices}). */
public final class BlockQueue {
    private final Path queue;
    private final boolean virtual;

    BlockQueue(Path queue, boolean virtual) {
        this.queue = queue;
        this.virtual = virtual;
    }

    /** sysfs's "rotational" flag: 1 for a rotating disk. */
    public boolean rotational() {
        return number("rotational").orElse(0) == 1;
    }

    /**
     * A paravirtual disk (virtio, Xen): it reports rotational=1 unless its host says otherwise, so its
     * flag says nothing of the storage behind it (docs/performance.md, "Facts behind the code").
     */
    public boolean virtual() {
        return virtual;
    }

    /** The largest read-ahead the kernel does at once for this device, in bytes. */
    public OptionalLong readAheadBytes() {
        OptionalLong kb = number("read_ahead_kb");
        return kb.isPresent() ? OptionalLong.of(kb.getAsLong() * 1024) : kb;
    }

    private OptionalLong number(String file) {
        try {
            return OptionalLong.of(Long.parseLong(KernelFile.text(queue.resolve(file)).trim()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
