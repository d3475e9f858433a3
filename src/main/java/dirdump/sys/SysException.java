package dirdump.sys;

import static dirdump.sys.Errno.EACCES;
import static dirdump.sys.Errno.EAGAIN;
import static dirdump.sys.Errno.EBADR;
import static dirdump.sys.Errno.EINVAL;
import static dirdump.sys.Errno.ELOOP;
import static dirdump.sys.Errno.EMFILE;
import static dirdump.sys.Errno.ENAMETOOLONG;
import static dirdump.sys.Errno.ENFILE;
import static dirdump.sys.Errno.ENODEV;
import static dirdump.sys.Errno.ENOENT;
import static dirdump.sys.Errno.ENOEXEC;
import static dirdump.sys.Errno.ENOMEM;
import static dirdump.sys.Errno.ENOSPC;
import static dirdump.sys.Errno.ENOSYS;
import static dirdump.sys.Errno.ENOTDIR;
import static dirdump.sys.Errno.ENOTTY;
import static dirdump.sys.Errno.EOPNOTSUPP;
import static dirdump.sys.Errno.EPERM;
import static dirdump.sys.Errno.ESRCH;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A failed system call: the errno and the text strerror(3) gives for it. Outside sys it is asked what it
 * means (the predicates below), never for its number: {@link #errno} is sys's own.
 */
public final class SysException extends IOException {
    private final int errno;

    public SysException(int errno, String reason) {
        super(reason);
        this.errno = errno;
    }

    int errno() {
        return errno;
    }

    /** The same failure, told in other words: {@code reason} is its whole text now. */
    public SysException reworded(String reason) {
        return new SysException(errno, reason);
    }

    // What a failure means, so that no code outside sys compares errno numbers.

    /** No such process (ESRCH): it has ended, or never was. */
    public boolean isNoSuchProcess() {
        return errno == ESRCH;
    }

    /** A file that is no program the kernel can run (ENOEXEC): a script without "#!", which a shell runs. */
    public boolean isNotExecutable() {
        return errno == ENOEXEC;
    }

    /** The name does not exist (ENOENT). */
    public boolean isGone() {
        return errno == ENOENT;
    }

    /** A symbolic link where O_NOFOLLOW refuses one, or too many of them (ELOOP). */
    public boolean isSymbolicLink() {
        return errno == ELOOP;
    }

    /** A name used as a directory is none (ENOTDIR). */
    public boolean isNotADirectory() {
        return errno == ENOTDIR;
    }

    /** The process or the system has no descriptor left (EMFILE, ENFILE). */
    public boolean isDescriptorShortage() {
        return errno == EMFILE || errno == ENFILE;
    }

    /** Not permitted to this process (EPERM): a capability or the owner's right is missing. */
    /** EAGAIN: a read that would have had to wait, refused (a ring's read of a file system that cannot read without blocking). */
    public boolean isWouldBlock() {
        return errno == EAGAIN;
    }

    public boolean isNotPermitted() {
        return errno == EPERM;
    }

    /** The kernel has no such call (ENOSYS). */
    public boolean isMissingCall() {
        return errno == ENOSYS;
    }

    /** No room left (ENOSPC): for inotify_add_watch, fs.inotify.max_user_watches reached. */
    public boolean isNoRoom() {
        return errno == ENOSPC;
    }

    /** Out of memory, or of mappings (ENOMEM). */
    public boolean isOutOfMemory() {
        return errno == ENOMEM;
    }

    /**
     * The file system, the kernel or the file does not do this (EOPNOTSUPP, ENOTTY, EINVAL, EBADR,
     * ENOSYS): an ioctl such as FIEMAP refused, not a failure of the file.
     */
    public boolean isUnsupported() {
        return errno == EOPNOTSUPP || errno == ENOTTY || errno == EINVAL || errno == EBADR || errno == ENOSYS;
    }

    /**
     * The file cannot be measured this way here (EOPNOTSUPP: cachestat on hugetlbfs; ENODEV: mmap where
     * the file system maps nothing; ENOSYS).
     */
    public boolean isUnmeasurable() {
        return errno == EOPNOTSUPP || errno == ENODEV || errno == ENOSYS;
    }

    /** Found by dirdump, not by a call: a name that changed since it was listed (its text says how). */
    public boolean isChangeSinceListed() {
        return errno == 0;
    }

    /** A name that changed since it was listed, as {@link #isChangeSinceListed} tells. */
    public static SysException changedSinceListed(String how) {
        return new SysException(0, how);
    }

    /** ENOTDIR, in the kernel's words: "FILE/" names no directory. */
    public static SysException notADirectory() {
        return new SysException(ENOTDIR, "Not a directory");
    }

    /** EPERM, for a refusal of dirdump's own with its reason. */
    public static SysException notPermitted(String reason) {
        return new SysException(EPERM, reason);
    }

    /** EINVAL, for input dirdump refuses, with its reason. */
    public static SysException invalid(String reason) {
        return new SysException(EINVAL, reason);
    }

    /** ENAMETOOLONG, for a name dirdump refuses, with its reason. */
    public static SysException nameTooLong(String reason) {
        return new SysException(ENAMETOOLONG, reason);
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
            return new SysException(ENOENT, "No such file or directory");
        }
        if (e instanceof AccessDeniedException) {
            return new SysException(EACCES, "Permission denied");
        }
        if (e instanceof NotDirectoryException) {
            return new SysException(ENOTDIR, "Not a directory");
        }
        if (e instanceof FileSystemLoopException) {
            return new SysException(ELOOP, "Too many levels of symbolic links");
        }
        // A plain IOException's message is already strerror's text ("Is a directory").
        String reason = e instanceof FileSystemException ? ((FileSystemException) e).getReason() : e.getMessage();
        // O_NOFOLLOW met a link: the JDK adds its own English words to strerror's, which follow the locale.
        if (reason != null && (reason.startsWith("Too many levels of symbolic links")
                || reason.endsWith(" or unable to access attributes of symbolic link"))) {
            return new SysException(ELOOP, "Too many levels of symbolic links");
        }
        if ("Not a directory".equals(reason)) {
            return new SysException(ENOTDIR, reason);
        }
        return new SysException(0, reason != null ? reason : e.toString());
    }

    /**
     * The errno and text of java.lang.ProcessBuilder.start's failure, which the JDK gives only in its
     * message ("Cannot run program "x": error=2, No such file or directory"); errno 0 and the whole
     * message where it has none.
     */
    public static SysException ofProcessStart(IOException e) {
        String message = String.valueOf(e.getMessage());
        // JDK 17: "error=2, No such file or directory"; JDK 25: "Exec failed, error: 2 (No such file or directory)".
        Matcher m = Pattern.compile("error(?:=|: )(\\d+)(?:, | \\()([^)]*)").matcher(message);
        return m.find() ? new SysException(Integer.parseInt(m.group(1)), m.group(2)) : new SysException(0, message);
    }
}
