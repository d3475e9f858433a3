package dirdump.sys;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A FILE dirdump writes by the name it was given (status --save, bench --plot): written into a new
 * file in FILE's directory, renamed over FILE only once complete and synced ({@link Os#replace}), so
 * that FILE holds the old file or the new one, never half of one, and a link there is replaced, never
 * written through. FILE's directory is opened by name once; FILE is looked at and replaced relative to
 * that handle only. Closed without a commit, it leaves FILE as it was and nothing beside it.
 */
public final class ReplacedFile implements AutoCloseable {
    private final Directory dir;
    private final Replacement file;
    private boolean done;

    private ReplacedFile(Directory dir, Replacement file) {
        this.dir = dir;
        this.file = file;
    }

    /**
     * FILE ({@code path}, its bytes as given), to be replaced once committed; {@code instead}: how to
     * write into a FIFO or a device there instead, for its refusal ("to write into it: ..."), or null.
     */
    public static ReplacedFile of(Os os, byte[] path, String instead) throws IOException {
        GivenName given = GivenName.of(path);
        if (given.name().length == 0) {
            throw SysException.invalid("Is a directory");
        }
        Directory dir = os.openPath(given.directory(), false);
        try {
            refuseNodes(os, dir, given.name(), instead);
            return new ReplacedFile(dir, os.replace(dir, given.name()));
        } catch (IOException e) {
            dir.close();
            throw e;
        }
    }

    /**
     * The new file is renamed over FILE: over a device or a FIFO (/dev/full, as root) that would
     * replace the node itself. A link is replaced, never followed.
     */
    private static void refuseNodes(Os os, Directory dir, byte[] name, String instead) throws SysException {
        Stat existing;
        try {
            existing = os.stat(dir, name, false);
        } catch (SysException e) {
            if (e.isGone()) {
                return;  // a new file
            }
            throw e;
        }
        FileType type = existing.type();
        if (type == FileType.DIRECTORY) {
            throw SysException.invalid("Is a directory");
        }
        if (type != FileType.REGULAR && type != FileType.SYMLINK) {
            throw SysException.invalid("not a regular file, which would be replaced"
                    + (instead == null ? "" : " (" + instead + ")"));
        }
    }

    /** Unbuffered: each write goes to the file (buffer it). */
    public OutputStream output() {
        return file.output();
    }

    /** Synced to disk and renamed over FILE. */
    public void commit() throws IOException {
        done = true;
        try {
            file.commit();
        } finally {
            dir.close();
        }
    }

    /** Uncommitted, the new file is removed: FILE keeps what it had. */
    @Override
    public void close() {
        if (!done) {
            done = true;
            file.close();
            dir.close();
        }
    }
}
