package dirdump.scan;

import dirdump.sys.Directory;
import dirdump.sys.Os;
import dirdump.sys.Stat;

/**
 * The {@link WalkResult} as the walk builds it: the directories with their open handles, the files, the
 * file system of each device met.
 */
final class WalkResultBuilder {
    private static final int BATCH = 64;

    final FoundDirectories dirs = new FoundDirectories();
    final FoundFiles files = new FoundFiles();
    final DirectoryHandles handles;
    final DeviceFileSystems fileSystems;
    /** Where the files go as they are listed (see Walker#stream), or null. */
    private FirstNameStream stream;
    private int told;

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

    void stream(FirstNameStream stream) {
        this.stream = stream;
    }

    /**
     * A file was added: the stream is fed every {@code BATCH} files, so that a directory of many files
     * is read while it is listed, and a wake-up of the readers is not paid for each file.
     */
    void fileAdded() {
        if (stream != null && files.size() - told >= BATCH) {
            tell();
        }
    }

    /** A directory is listed, or the walk is over: every file added before goes into the stream. */
    void tell() {
        if (stream != null && files.size() > told) {
            told = files.size();
            stream.listed(told);
        }
    }

    /** The walk is over: what it found, with {@code unusablePaths} PATHs (or lists) it could not use. */
    WalkResult build(int unusablePaths) {
        tell();
        if (stream != null) {
            stream.end();
        }
        handles.settle();
        return new WalkResult(this, unusablePaths);
    }
}
