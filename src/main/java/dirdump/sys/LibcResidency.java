package dirdump.sys;

import static dirdump.sys.Errno.EFAULT;
import static dirdump.sys.Errno.EHWPOISON;
import static dirdump.sys.Errno.EIO;
import static dirdump.sys.Errno.EPERM;
import static dirdump.sys.LibcCalls.AT_FDCWD;

import java.util.function.IntSupplier;
import jnr.ffi.Pointer;

/**
 * What of an open file is in the page cache (cachestat, mmap + mincore) and its mappings (madvise,
 * mlock), for {@link LibcFile}.
 */
final class LibcResidency {
    private static final long SYS_CACHESTAT = 451;  // the same number on every architecture
    private static final int MADV_WILLNEED = 3;
    /** Linux 5.14+: faults the pages in as reads do, and fails (EFAULT) where one cannot be read. */
    private static final int MADV_POPULATE_READ = 22;
    private static final int MLOCK_ONFAULT = 1;
    /** mlock2(2) (Linux 4.4+), by number: glibc before 2.27 has no wrapper. -1 where it is not known. */
    private static final long SYS_MLOCK2 = switch (System.getProperty("os.arch")) {
        case "amd64", "x86_64" -> 325;
        case "aarch64" -> 284;
        default -> -1;
    };
    private static final int PROT_READ = 1;
    private static final int MAP_SHARED = 1;
    private static final int W_OK = 2;
    private static final int AT_EACCESS = 0x200;
    private static final int MINCORE_CHUNK_PAGES = 16384;
    private static final String UNREADABLE = "a page of it cannot be read (an I/O error, or the file shrank since "
            + "it was mapped)";

    private final LibcCalls calls;
    private final int pageSize;
    /** Whether mappings lock with populating reads ({@link FileMapping#populates}): asked once, at the first map. */
    private Boolean populates;

    LibcResidency(LibcCalls calls) {
        this.calls = calls;
        this.pageSize = calls.pageSize();
    }

    Residency cachestat(int fd, long offset, long length) throws SysException {
        long pages = pages(length);
        if (pages == 0) {
            return new Residency(0, 0, pageSize);  // len 0 would mean "to the end of the file"
        }
        Pointer p = calls.scratch();
        // struct cachestat_range {off, len}: a range, so that a large folio reaching past EOF
        // is not counted beyond the pages of the file.
        p.putLongLong(0, offset);
        p.putLongLong(8, length);
        calls.check(calls.libc().syscall(SYS_CACHESTAT, fd, p.address(), p.address() + 16, 0));
        // struct cachestat {nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted}
        return new Residency(p.getLongLong(16), pages, pageSize);
    }

    Residency mincore(int fd, long offset, long length) throws SysException {
        long pages = pages(length);
        if (pages == 0) {
            return new Residency(0, 0, pageSize);  // mmap of an empty file fails
        }
        Pointer map = mmap(fd, offset, length);
        try {
            byte[] vec = new byte[(int) Math.min(pages, MINCORE_CHUNK_PAGES)];
            long resident = 0;
            for (long page = 0; page < pages; page += vec.length) {
                int n = (int) Math.min(vec.length, pages - page);
                calls.check(calls.mappings().mincore(map.slice(page * pageSize), (long) n * pageSize, vec));
                for (int i = 0; i < n; i++) {
                    resident += vec[i] & 1;
                }
            }
            return new Residency(resident, pages, pageSize);
        } finally {
            calls.libc().munmap(map.address(), length);
        }
    }

    FileMapping map(int fd, long offset, long length) throws SysException {
        return new LibcMapping(mmap(fd, offset, length), length, pageSize, calls, populates());
    }

    /** A shared read-only mapping of the range. */
    private Pointer mmap(int fd, long offset, long length) throws SysException {
        long map = calls.libc().mmap(0, length, PROT_READ, MAP_SHARED, fd, offset);
        if (map == -1L) {
            calls.check(-1);
        }
        return calls.wrap(map);
    }

    /**
     * Whether mlock2 and MADV_POPULATE_READ are there: an empty range (address 0, length 0) is refused
     * only by a kernel that lacks the call (ENOSYS) or the advice (EINVAL), or by a seccomp filter;
     * mlock2's EPERM (RLIMIT_MEMLOCK 0 without CAP_IPC_LOCK) says it is there, and the lock is refused
     * before anything is read.
     */
    private synchronized boolean populates() {
        if (populates == null) {
            populates = SYS_MLOCK2 >= 0 && (calls.libc().syscall(SYS_MLOCK2, 0, 0, MLOCK_ONFAULT, 0) == 0
                    || calls.lastError() == EPERM)
                    && calls.mappings().madvise(null, 0, MADV_POPULATE_READ) == 0;
        }
        return populates;
    }

    /** {@code uid}: the file's owner (its fstat, asked only if need be), -1 if not known. */
    boolean mincoreIsTruthful(int fd, IntSupplier uid) {
        // Write access is checked on the open file through /proc, not on its name, which may
        // name another file by now. Without /proc the check fails, and mincore is not trusted.
        Libc.Access access = calls.access();
        return access.geteuid() == 0 || uid.getAsInt() == access.geteuid()
                || access.faccessat(AT_FDCWD, LibcCalls.procSelfFd(fd), W_OK, AT_EACCESS) == 0;
    }

    private long pages(long size) {
        return (size + pageSize - 1) / pageSize;
    }

    private record LibcMapping(Pointer map, long length, int pageSize, LibcCalls calls, boolean populates)
            implements FileMapping {
        @Override
        public void willNeed(long offset, long bytes) throws SysException {
            calls.check(calls.mappings().madvise(map.slice(offset), bytes, MADV_WILLNEED));
        }

        @Override
        public void lock(long offset, long bytes) throws SysException {
            Pointer at = map.slice(offset);
            long locked = populates ? calls.libc().syscall(SYS_MLOCK2, at.address(), bytes, MLOCK_ONFAULT, 0)
                    : calls.mappings().mlock(at, bytes);
            if (locked < 0) {
                int errno = calls.lastError();
                throw new SysException(errno, LockLimits.reason(errno, calls.strerror(errno)));
            }
            if (populates && calls.mappings().madvise(at, bytes, MADV_POPULATE_READ) < 0) {
                int errno = calls.lastError();
                throw errno == EFAULT || errno == EIO || errno == EHWPOISON ? new SysException(errno, UNREADABLE)
                        : calls.failure(errno);
            }
        }

        @Override
        public boolean populates() {
            return populates;
        }

        @Override
        public void close() {
            calls.libc().munmap(map.address(), length);
        }
    }
}
