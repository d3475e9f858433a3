package dirdump.bench;

import dirdump.outcome.Units;

/**
 * What a dirdump variant did once its options were resolved: the order each device got (auto chooses
 * one), the readers, the method, the buffer. The label says only what was asked ("dirdump" for the
 * defaults); this says what that meant on this machine.
 */
public record VariantSettings(String order, int readers, String method, int bufferBytes, int prefetch) {
    /** "inode order, 32 readers, read, 256.0 KiB buffer". */
    public String text() {
        return order + " order, " + Units.count(readers, "reader", "readers") + ", " + method + ", "
                + Units.bytes(bufferBytes) + " buffer" + (prefetch > 0 ? ", prefetch " + prefetch : "");
    }
}
