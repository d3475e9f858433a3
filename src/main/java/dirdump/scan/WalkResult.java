package dirdump.scan;

import java.util.Map;

/**
 * What the walk found: the directories, their open handles, the files, the file system of each
 * device, and how many PATHs could not be used. Closing it closes the handles.
 */
public final class WalkResult implements AutoCloseable {
    public final FoundDirectories directories;
    public final FoundFiles files;
    public final DirectoryHandles handles;
    public final int unusablePaths;
    private final Map<Long, Long> fileSystems;

    WalkResult(WalkResultBuilder built, int unusablePaths) {
        directories = built.dirs;
        files = built.files;
        handles = built.handles;
        fileSystems = built.fileSystems.byDevice();
        this.unusablePaths = unusablePaths;
    }

    public byte[] path(int f) {
        return FoundDirectories.join(directories.path(files.dir(f)), files.name(f));
    }

    /** statfs's f_type of the file system on {@code dev}, as its first directory told the walk; 0 if unknown. */
    public long fileSystem(long dev) {
        return fileSystems.getOrDefault(dev, 0L);
    }

    @Override
    public void close() {
        handles.close();
    }
}
