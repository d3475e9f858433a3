package dirdump.sys;

import jnr.ffi.Pointer;
import jnr.ffi.annotations.In;
import jnr.ffi.annotations.Out;
import jnr.ffi.annotations.SaveError;

/** The libc functions jnr-posix lacks or only offers with String paths; bound by jnr-ffi. */
public interface Libc {
    @SaveError
    int openat(int dirFd, @In byte[] path, int flags, int mode);

    @SaveError
    long read(int fd, Pointer buf, long count);

    int close(int fd);

    /** glibc 2.30+. Fills struct linux_dirent64 records. */
    @SaveError
    long getdents64(int fd, Pointer buf, long count);

    /** glibc 2.28+. struct statx has one layout on every architecture, unlike struct stat. */
    @SaveError
    int statx(int dirFd, @In byte[] path, int flags, int mask, @Out byte[] statxBuf);

    String strerror(int errno);
}
