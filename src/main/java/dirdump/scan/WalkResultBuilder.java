package dirdump.scan;

import dirdump.sys.Directory;
import dirdump.sys.Os;
import dirdump.sys.Stat;

/**
 * The {@link WalkResult} as the walk builds it: the directories with their open handles, the files, the
 * file system of each device met.
 */
final class WalkResultBuilder {
    final FoundDirectories dirs = new FoundDirectories();
    final FoundFiles files = new FoundFiles();
    final DirectoryHandles handles;
    final DeviceFileSystems fileSystems;

    /** {@code openDirectories}: how many directory handles stay open at most. */
    WalkResultBuilder(Os os, int openDirectories) {
        handles = new DirectoryHandles(os, dirs, openDirectories);
        fileSystems = new DeviceFileSystems(os);
    }

    /**
     * Adds directory {@code name} of {@code parent} (-1: a root, by its path), just opened as {@code h}
     * and checked, {@code st} its fstat; its handle is kept open. {@code how}: {@link
     * FoundDirectories#LISTED}, {@link FoundDirectories#FOLLOWED} or 0.
     */
    int addDirectory(int parent, byte[] name, Stat st, byte how, Directory h) {
        int d = dirs.add(parent, name, st.dev, st.ino, how);
        handles.opened(d, h);
        return d;
    }

    /** The walk is over: what it found, with {@code unusablePaths} PATHs (or lists) it could not use. */
    WalkResult build(int unusablePaths) {
        handles.settle();
        return new WalkResult(this, unusablePaths);
    }
}
