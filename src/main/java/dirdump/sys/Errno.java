package dirdump.sys;

/**
 * The errno numbers sys tells apart, the one place they are written (Linux's generic numbers, the same
 * on x86-64 and arm64). Package-private: outside sys a failure is asked what it means ({@link
 * SysException#isGone} and the other predicates), never for its number.
 */
final class Errno {
    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int ESRCH = 3;
    static final int EINTR = 4;
    static final int EIO = 5;
    static final int ENXIO = 6;
    static final int ENOEXEC = 8;
    static final int EAGAIN = 11;
    static final int ENOMEM = 12;
    static final int EACCES = 13;
    static final int EFAULT = 14;
    static final int EBUSY = 16;
    static final int EEXIST = 17;
    static final int EXDEV = 18;
    static final int ENODEV = 19;
    static final int ENOTDIR = 20;
    static final int EISDIR = 21;
    static final int EINVAL = 22;
    static final int ENFILE = 23;
    static final int EMFILE = 24;
    static final int ENOTTY = 25;
    static final int ENOSPC = 28;
    static final int ENAMETOOLONG = 36;
    static final int ENOSYS = 38;
    static final int ELOOP = 40;
    static final int EBADR = 53;
    static final int EILSEQ = 84;
    static final int EOPNOTSUPP = 95;
    static final int EHWPOISON = 133;

    private Errno() {
    }
}
