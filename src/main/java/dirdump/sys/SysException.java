package dirdump.sys;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** A failed system call: the errno and the text strerror(3) gives for it. */
public final class SysException extends IOException {
    public static final int ENOENT = 2;
    public static final int EACCES = 13;
    public static final int EPERM = 1;
    public static final int ENOTDIR = 20;
    public static final int ELOOP = 40;
    public static final int ENAMETOOLONG = 36;
    public static final int EINVAL = 22;
    public static final int ENOTTY = 25;
    public static final int ENOSYS = 38;
    public static final int EBADR = 53;
    public static final int EOPNOTSUPP = 95;
    public static final int EXDEV = 18;
    public static final int EMFILE = 24;
    public static final int ENFILE = 23;
    public static final int EILSEQ = 84;
    public static final int ENOMEM = 12;
    public static final int EAGAIN = 11;
    public static final int ESRCH = 3;

    private final int errno;

    public SysException(int errno, String reason) {
        super(reason);
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }

    /**
     * No stack trace: a failed call is an outcome, reported as one line, and some are expected on the
     * hot path (EPERM where O_NOATIME or cachestat is refused); filling one in costs microseconds.
     */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /** The errno and strerror text for a java.nio failure (the fallback, and --files-from's list). */
    public static SysException of(IOException e) {
        if (e instanceof SysException) {
            return (SysException) e;  // libc's already (Os.openInput)
        }
        if (e instanceof NoSuchFileException) {
            return new SysException(SysException.ENOENT, "No such file or directory");
        }
        if (e instanceof AccessDeniedException) {
            return new SysException(SysException.EACCES, "Permission denied");
        }
        if (e instanceof NotDirectoryException) {
            return new SysException(SysException.ENOTDIR, "Not a directory");
        }
        if (e instanceof FileSystemLoopException) {
            return new SysException(SysException.ELOOP, "Too many levels of symbolic links");
        }
        // A plain IOException's message is already strerror's text ("Is a directory").
        String reason = e instanceof FileSystemException ? ((FileSystemException) e).getReason() : e.getMessage();
        // O_NOFOLLOW met a link: the JDK adds its own English words to strerror's, which follow the locale.
        if (reason != null && (reason.startsWith("Too many levels of symbolic links")
                || reason.endsWith(" or unable to access attributes of symbolic link"))) {
            return new SysException(SysException.ELOOP, "Too many levels of symbolic links");
        }
        if ("Not a directory".equals(reason)) {
            return new SysException(SysException.ENOTDIR, reason);
        }
        return new SysException(0, reason != null ? reason : e.toString());
    }
}
