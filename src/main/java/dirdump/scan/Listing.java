package dirdump.scan;

/** What the walk found: the directories, the files, and how many PATHs could not be used. */
public final class Listing {
    public final DirectoryTable directories;
    public final FileList files;
    public final int unusablePaths;

    public Listing(DirectoryTable directories, FileList files, int unusablePaths) {
        this.directories = directories;
        this.files = files;
        this.unusablePaths = unusablePaths;
    }

    public byte[] path(int f) {
        return DirectoryTable.join(directories.path(files.dir(f)), files.name(f));
    }
}
