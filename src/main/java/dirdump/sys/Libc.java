package dirdump.sys;

import java.nio.ByteBuffer;
import jnr.ffi.Pointer;
import jnr.ffi.annotations.In;
import jnr.ffi.annotations.Out;
import jnr.ffi.annotations.SaveError;

/**
 * The libc functions jnr-posix lacks or only offers with String paths; bound by jnr-ffi. These are the
 * ones every walk and read calls, bound at start; each interface inside is bound on its first call
 * ({@link LibcOs}), since jnr-ffi generates the stub of every function of an interface when it binds it,
 * about a millisecond of start each, and most runs call few of them.
 */
public interface Libc {
    @SaveError
    int openat(int dirFd, @In byte[] path, int flags, int mode);

    @SaveError
    long read(int fd, Pointer buf, long count);

    @SaveError
    long pread(int fd, Pointer buf, long count, long offset);

    int close(int fd);

    /** glibc 2.30+. Fills struct linux_dirent64 records. */
    @SaveError
    long getdents64(int fd, Pointer buf, long count);

    /** glibc 2.28+. struct statx has one layout on every architecture, unlike struct stat. */
    @SaveError
    int statx(int dirFd, @In byte[] path, int flags, int mask, Pointer statxBuf);

    /** Returns the error number itself; errno is not set. */
    int posix_fadvise(int fd, long offset, long length, int advice);

    @SaveError
    int fstatfs(int fd, @Out byte[] statfsBuf);

    /** struct rlimit {rlim_cur, rlim_max}, two 64-bit numbers. */
    @SaveError
    int getrlimit(int resource, @Out long[] rlimit);

    @SaveError
    int setrlimit(int resource, @In long[] rlimit);

    int getpagesize();

    int isatty(int fd);

    /** For calls glibc has no wrapper for (cachestat, ioprio_set); pointers go as addresses. */
    @SaveError
    long syscall(long number, long a, long b, long c, long d);

    /** Error texts, on the first error. */
    interface Errors {
        /**
         * strerror(3) in {@code locale}, not the process's: its text does not follow LC_MESSAGES, and a
         * locale object is read only by the calling thread (glibc 2.6+).
         */
        String strerror_l(int errno, Pointer locale);

        /** A locale object ({@link ErrorTexts}). NULL if it cannot be made. */
        Pointer newlocale(int categoryMask, String locale, Pointer base);
    }

    /** A file read in parts: its cached pages only, its data and holes. */
    interface PartialReads {
        /** glibc 2.26+. For RWF_NOWAIT: a read of cached pages only (see {@link OpenFile#readCached}). */
        @SaveError
        long preadv2(int fd, Pointer iov, int iovcnt, long offset, int flags);

        @SaveError
        long lseek(int fd, long offset, int whence);
    }

    /** ioctl(2): extents (FIEMAP, FIBMAP) and the terminal's size. */
    interface Control {
        @SaveError
        int ioctl(int fd, long request, Pointer arg);
    }

    /** Who may write a file: whether mincore(2) tells the truth of it, and testdata-gen's checks. */
    interface Access {
        int geteuid();

        @SaveError
        int faccessat(int dirFd, @In byte[] path, int mode, int flags);
    }

    /** Mapped files: lock, mincore, willneed. */
    interface Mappings {
        @SaveError
        Pointer mmap(Pointer addr, long length, int prot, int flags, int fd, long offset);

        int munmap(Pointer addr, long length);

        @SaveError
        int mlock(Pointer addr, long length);

        @SaveError
        int madvise(Pointer addr, long length, int advice);

        @SaveError
        int mincore(Pointer addr, long length, @Out byte[] vec);
    }

    /** Files written: a --save snapshot, testdata-gen's trees, a file removed. */
    interface Writes {
        /** Writes from the direct buffer's position; does not move it. */
        @SaveError
        long write(int fd, @In ByteBuffer buf, long count);

        @SaveError
        int fallocate(int fd, int mode, long offset, long length);

        /** For {@link LibcReplacement}: a --save snapshot on disk before it is renamed into place. */
        @SaveError
        int fsync(int fd);

        @SaveError
        int linkat(int oldDirFd, @In byte[] oldPath, int newDirFd, @In byte[] newPath, int flags);

        @SaveError
        int renameat(int oldDirFd, @In byte[] oldPath, int newDirFd, @In byte[] newPath);

        /** For {@link Os#removeIfSame} and a failed --save: a name in an open directory, never through a link. */
        @SaveError
        int unlinkat(int dirFd, @In byte[] path, int flags);

        /** For {@link TreeCreator}: the mode is masked by the umask. */
        @SaveError
        int mkdirat(int dirFd, @In byte[] path, int mode);

        /** Cannot fail (void since POSIX.1-2001). */
        void sync();
    }

    /** This process and others: lock --daemon, --while, run's COMMAND, a deleted working directory. */
    interface Processes {
        /** Moves the process into a directory it has open (see {@link WorkingDirectory}). */
        @SaveError
        int fchdir(int fd);

        /** For lock --daemon: a session of its own, away from the terminal's signals. */
        @SaveError
        int setsid();

        @SaveError
        int dup2(int oldFd, int newFd);

        @SaveError
        int kill(int pid, int signal);

        /** struct pollfd {int fd; short events; short revents;}, 8 bytes each: for a pidfd's end. */
        @SaveError
        int poll(@In @Out byte[] fds, long nfds, int timeout);

        // run's COMMAND ({@link Spawner}): started with the signal mask and dispositions dirdump was started with.

        int posix_spawnattr_init(Pointer attr);

        int posix_spawnattr_destroy(Pointer attr);

        int posix_spawnattr_setflags(Pointer attr, short flags);

        /** A sigset_t: 1024 bits in unsigned longs, signal N at bit N - 1. */
        int posix_spawnattr_setsigdefault(Pointer attr, @In long[] sigset);

        int posix_spawnattr_setsigmask(Pointer attr, @In long[] sigset);

        /** Returns the error number itself; errno is not set. No file actions: the descriptors are inherited. */
        int posix_spawnp(@Out int[] pid, @In byte[] file, Pointer fileActions, Pointer attr, Pointer argv, Pointer envp);

        @SaveError
        int waitpid(int pid, @Out int[] status, int options);

        /** The handler as an address: SIG_IGN is 1. */
        long signal(int signal, long handler);
    }
}
