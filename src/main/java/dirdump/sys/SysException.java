package dirdump.sys;

import java.io.IOException;

/** A failed system call: the errno and the text strerror(3) gives for it. */
public final class SysException extends IOException {
    public static final int ENOENT = 2;
    public static final int EACCES = 13;
    public static final int EPERM = 1;
    public static final int ENOTDIR = 20;
    public static final int ELOOP = 40;
    public static final int ENAMETOOLONG = 36;
    public static final int ENOSYS = 38;

    private final int errno;

    public SysException(int errno, String reason) {
        super(reason);
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }
}
