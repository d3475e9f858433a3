package dirdump.sys;

import static dirdump.sys.LibcOs.AT_FDCWD;
import static dirdump.sys.LibcOs.cString;

import java.nio.charset.StandardCharsets;
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

    private final LibcOs os;
    private final int pageSize;
    /** Whether mappings lock with populating reads ({@link FileMapping#populates}): asked once, at the first map. */
    private Boolean populates;

    LibcResidency(LibcOs os) {
        this.os = os;
        this.pageSize = os.pageSize;
    }

    Residency cachestat(int fd, long offset, long length) throws SysException {
        long pages = pages(length);
        if (pages == 0) {
            return new Residency(0, 0, pageSize);  // len 0 would mean "to the end of the file"
        }
        Pointer p = os.scratch.get();
        // struct cachestat_range {off, len}: a range, so that a large folio reaching past EOF
        // is not counted beyond the pages of the file.
        p.putLongLong(0, offset);
        p.putLongLong(8, length);
        os.check(os.libc.syscall(SYS_CACHESTAT, fd, p.address(), p.address() + 16, 0));
        // struct cachestat {nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted}
        return new Residency(p.getLongLong(16), pages, pageSize);
    }

    Residency mincore(int fd, long offset, long length) throws SysException {
        long pages = pages(length);
        if (pages == 0) {
            return new Residency(0, 0, pageSize);  // mmap of an empty file fails
        }
        Pointer map = os.mappings.get().mmap(null, length, PROT_READ, MAP_SHARED, fd, offset);
        if (map == null || map.address() == -1L) {
            os.check(-1);
        }
        try {
            byte[] vec = new byte[(int) Math.min(pages, MINCORE_CHUNK_PAGES)];
            long resident = 0;
            for (long page = 0; page < pages; page += vec.length) {
                int n = (int) Math.min(vec.length, pages - page);
                os.check(os.mappings.get().mincore(map.slice(page * pageSize), (long) n * pageSize, vec));
                for (int i = 0; i < n; i++) {
                    resident += vec[i] & 1;
                }
            }
            return new Residency(resident, pages, pageSize);
        } finally {
            os.mappings.get().munmap(map, length);
        }
    }

    FileMapping map(int fd, long offset, long length) throws SysException {
        Pointer map = os.mappings.get().mmap(null, length, PROT_READ, MAP_SHARED, fd, offset);
        if (map == null || map.address() == -1L) {
            os.check(-1);
        }
        return new LibcMapping(map, length, pageSize, os, populates());
    }

    /**
     * Whether mlock2 and MADV_POPULATE_READ are there: an empty range (address 0, length 0) is refused
     * only by a kernel that lacks the call (ENOSYS) or the advice (EINVAL), or by a seccomp filter;
     * mlock2's EPERM (RLIMIT_MEMLOCK 0 without CAP_IPC_LOCK) says it is there, and the lock is refused
     * before anything is read.
     */
    private synchronized boolean populates() {
        if (populates == null) {
            populates = SYS_MLOCK2 >= 0 && (os.libc.syscall(SYS_MLOCK2, 0, 0, MLOCK_ONFAULT, 0) == 0
                    || os.lastError() == SysException.EPERM)
                    && os.mappings.get().madvise(null, 0, MADV_POPULATE_READ) == 0;
        }
        return populates;
    }

    /** {@code uid}: the file's owner (its fstat, asked only if need be), -1 if not known. */
    boolean mincoreIsTruthful(int fd, IntSupplier uid) {
        // Write access is checked on the open file through /proc, not on its name, which may
        // name another file by now. Without /proc the check fails, and mincore is not trusted.
        byte[] self = ("/proc/self/fd/" + fd).getBytes(StandardCharsets.US_ASCII);
        return os.access.get().geteuid() == 0 || uid.getAsInt() == os.access.get().geteuid()
                || os.access.get().faccessat(AT_FDCWD, cString(self), W_OK, AT_EACCESS) == 0;
    }

    private long pages(long size) {
        return (size + pageSize - 1) / pageSize;
    }

    private record LibcMapping(Pointer map, long length, int pageSize, LibcOs os, boolean populates)
            implements FileMapping {
        @Override
        public void willNeed(long offset, long bytes) throws SysException {
            os.check(os.mappings.get().madvise(map.slice(offset), bytes, MADV_WILLNEED));
        }

        @Override
        public void lock(long offset, long bytes) throws SysException {
            Pointer at = map.slice(offset);
            long locked = populates ? os.libc.syscall(SYS_MLOCK2, at.address(), bytes, MLOCK_ONFAULT, 0)
                    : os.mappings.get().mlock(at, bytes);
            if (locked < 0) {
                int errno = os.lastError();
                throw new SysException(errno, LockLimits.reason(errno, os.strerror(errno)));
            }
            if (populates && os.mappings.get().madvise(at, bytes, MADV_POPULATE_READ) < 0) {
                int errno = os.lastError();
                throw new SysException(errno, errno == SysException.EFAULT || errno == SysException.EIO
                        || errno == SysException.EHWPOISON ? UNREADABLE : os.strerror(errno));
            }
        }

        @Override
        public boolean populates() {
            return populates;
        }

        @Override
        public void close() {
            os.mappings.get().munmap(map, length);
        }
    }
}
