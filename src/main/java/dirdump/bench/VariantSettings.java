package dirdump.bench;

import dirdump.outcome.Units;

/**
 * What a dirdump variant did once its options were resolved: the order each device got (auto chooses
 * one), the readers and the reads each keeps in flight in its ring, the method, the buffer. The label says only what was asked ("dirdump" for the
 * defaults); this says what that meant on this machine.
 */
public record VariantSettings(String order, int readers, int depth, String method, int bufferBytes, int prefetch) {
    /** "inode order, 2 readers, 64 in flight each, read, 256.0 KiB buffer". */
    public String text() {
        return order + " order, " + Units.count(readers, "reader", "readers")
                + (depth > 0 ? ", " + depth + " in flight each" : "") + ", " + method + ", "
                + Units.bytes(bufferBytes) + " buffer" + (prefetch > 0 ? ", prefetch " + prefetch : "");
    }
}
