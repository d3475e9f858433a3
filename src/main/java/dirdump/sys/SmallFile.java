package dirdump.sys;

/**
 * What {@link Os#readSmallFile} found under a name: its stat (no link followed) and, for a regular
 * file only, its first bytes; {@code start} is null for anything else, which was not opened.
 */
public record SmallFile(Stat stat, byte[] start) {
}
