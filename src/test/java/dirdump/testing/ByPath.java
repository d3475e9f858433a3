package dirdump.testing;

import dirdump.sys.Directory;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.nio.file.Path;

/** Opens a test's own file through the door dirdump uses: its directory's handle, then the name. */
public final class ByPath {
    private ByPath() {
    }

    public static OpenFile open(Os os, Path file) throws SysException {
        try (Directory dir = os.openPath(PathNames.bytes(file.getParent().toString()), false)) {
            return os.open(dir, PathNames.bytes(file.getFileName().toString()), false);
        }
    }

    /** lstat of the file, relative to its directory. */
    public static Stat stat(Os os, Path file) throws SysException {
        try (Directory dir = os.openPath(PathNames.bytes(file.getParent().toString()), false)) {
            return os.stat(dir, PathNames.bytes(file.getFileName().toString()), false);
        }
    }
}
