package dirdump.report;

import dirdump.bench.Machine;
import java.util.ArrayList;
import java.util.List;

/** The lines above bench's table and under its chart: "machine: ..." and a "disk: ..." line for each device. */
final class MachineLines {
    private MachineLines() {
    }

    static List<String> of(Machine m) {
        List<String> lines = new ArrayList<>();
        lines.add("machine: " + m.host() + ", Linux " + m.kernel() + ", " + m.cores() + (m.cores() == 1 ? " core" : " cores")
                + ", dirdump " + m.dirdumpVersion() + ", " + m.date());
        m.disks().forEach(d -> lines.add("disk: " + disk(d)));
        return lines;
    }

    /** "/data (ext4 on 8:16, WDC WD40EFRX, rotational 1)", ", virtual" after it for virtio and Xen. */
    private static String disk(Machine.Disk d) {
        String disk = d.rotational() == null ? "no block device" : "rotational " + (d.rotational() ? 1 : 0)
                + (d.virtual() ? ", virtual" : "");
        return d.path() + " (" + d.fileSystem() + " on " + d.device() + (d.model() != null ? ", " + d.model() : "")
                + ", " + disk + ")";
    }
}
