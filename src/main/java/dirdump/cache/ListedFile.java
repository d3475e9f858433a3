package dirdump.cache;

import dirdump.scan.FileOpener;
import dirdump.sys.OpenFile;
import dirdump.sys.StatBuffer;

/**
 * The file a thread of a {@link FilePass} has in hand: listed file {@code index}, open and checked, with
 * its fstat in the opener's buffer. Each thread fills its own again for every file, so that a file costs
 * no object of its own; its path is built only when it is told (a row, a -v line).
 */
final class ListedFile implements StatusPass.RowFile {
    private final FileOpener opener;
    int index;
    OpenFile file;
    StatBuffer stat;

    ListedFile(FileOpener opener) {
        this.opener = opener;
    }

    /** Listed file {@code f}, just opened by this thread's opener. */
    ListedFile take(int f, OpenFile open, StatBuffer st) {
        index = f;
        file = open;
        stat = st;
        return this;
    }

    @Override
    public byte[] path() {
        return opener.path(index);
    }
}
