package dirdump.order;

/**
 * The order asked for, how physical locations are found, and whether files not yet on disk are
 * flushed to learn where they lie (FIEMAP_FLAG_SYNC) rather than keeping their inode position.
 */
public record OrderSettings(Order order, LocateMethod locate, boolean syncExtents) {
}
