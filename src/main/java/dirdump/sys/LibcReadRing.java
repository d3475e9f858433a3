package dirdump.sys;

import static dirdump.sys.Errno.EAGAIN;
import static dirdump.sys.Errno.EBUSY;
import static dirdump.sys.Errno.EINTR;
import static dirdump.sys.Errno.EINVAL;
import static dirdump.sys.Errno.EPERM;

import com.kenai.jffi.MemoryIO;
import java.lang.invoke.VarHandle;
import jnr.ffi.Pointer;

/**
 * {@link ReadRing} on io_uring (Linux 5.6+ for IORING_OP_READ, IORING_OP_OPENAT and IORING_OP_CLOSE):
 * io_uring_setup and io_uring_enter by number through syscall(2) (425 and 426 on every architecture),
 * the submission and completion rings and the submission entries mapped into this process, room for an
 * entry and a close a slot; the buffers one page-aligned allocation of depth x buffer size, each slot's
 * name to open after them. The kernel reads the rings concurrently: the tail of the submission ring is
 * stored after the entries it publishes (a release), and the completions are read after the tail
 * that publishes them is loaded (an acquire); the JIT must not reorder the plain native accesses
 * around either (x86 is TSO, but the compiler is not).
 */
final class LibcReadRing implements ReadRing {
    private static final MemoryIO MEMORY = MemoryIO.getInstance();
    private static final long SYS_IO_URING_SETUP = 425;
    private static final long SYS_IO_URING_ENTER = 426;
    /** One thread submits; completions' work runs when it waits (Linux 6.1+): no interrupt of the reader to run it. */
    private static final int IORING_SETUP_SINGLE_ISSUER = 1 << 12;
    private static final int IORING_SETUP_DEFER_TASKRUN = 1 << 13;
    private static final int IORING_ENTER_GETEVENTS = 1;
    private static final int IORING_FEAT_SINGLE_MMAP = 1;
    /** Linux 5.6, as IORING_OP_READ: a ring without it would fail every read (EINVAL). */
    private static final int IORING_FEAT_RW_CUR_POS = 1 << 3;
    private static final long IORING_OFF_SQ_RING = 0;
    private static final long IORING_OFF_CQ_RING = 0x8000000L;
    private static final long IORING_OFF_SQES = 0x10000000L;
    private static final byte IORING_OP_READ = 22;
    /** Linux 5.6: a file's close, with the next submission, one system call fewer a file. */
    private static final byte IORING_OP_CLOSE = 19;
    /** The tag of a close: no slot's, its completion not told. */
    private static final int CLOSE_TAG = -1;
    /** Linux 5.6, as IORING_OP_READ; an old kernel that lacks it answers -EINVAL, and files are opened as before. */
    private static final byte IORING_OP_OPENAT = 18;
    /** As LibcResolver#openTerminated opens a name not followed. */
    private static final int OPEN_FLAGS = OpenFlag.O_RDONLY | OpenFlag.O_NONBLOCK | OpenFlag.O_NOCTTY
            | OpenFlag.O_CLOEXEC | OpenFlag.O_NOFOLLOW;
    /** A slot's room for the name it opens, NUL included: a directory entry's longest (255 bytes) and its NUL. */
    private static final int NAME_ROOM = 256;
    private static final int PROT_READ_WRITE = 1 | 2;
    private static final int MAP_SHARED_POPULATE = 1 | 0x8000;
    private static final int SQE_SIZE = 64;
    private static final int CQE_SIZE = 16;
    /** struct io_uring_params: 40 bytes, then struct io_sqring_offsets and io_cqring_offsets, 40 each. */
    private static final int PARAMS_SIZE = 120;

    private final LibcCalls calls;
    /** Handed to each file the ring opens, as LibcResolver hands them. */
    private final LibcResidency residency;
    private final LibcExtents extents;
    private final int ringFd;
    private final int depth;
    private final int bufferSize;
    /** From one slot's buffer to the next: the buffer size in whole pages, so that every buffer is page-aligned. */
    private final long stride;
    /** The allocation the buffers are page-aligned slices of, kept so that it is not freed while they are in use. */
    private final Pointer memory;
    private final long buffers;
    private final Mapped sqRing;
    private final Mapped cqRing;
    private final Mapped sqes;
    private final long sqTail;
    private final int sqMask;
    /** Room for an entry a slot and a close a slot, queued between two submissions. */
    private final int sqEntries;
    private final long cqHead;
    private final long cqTail;
    private final int cqMask;
    private final long cqes;
    /** Each slot's name to open: the kernel copies it when the open is submitted, and again if it is queued again. */
    private final long names;
    /** Each slot's open in flight: its directory (null: the slot reads), and whether with O_NOATIME. */
    private final LibcDirectory[] openIn;
    private final boolean[] noAtime;
    /** Whether files are opened here: until the kernel says it has no IORING_OP_OPENAT. */
    private boolean opens = true;
    /** The submission ring's tail as this thread has written it: entries up to here are queued. */
    private int tail;
    private int toSubmit;
    /** Whether a close is among the entries queued. */
    private boolean closesQueued;
    private int inFlight;
    private boolean closed;

    /** A mapping of the ring's descriptor, unmapped at close (length 0: shares another's). */
    private record Mapped(long address, long length) {
    }

    private LibcReadRing(Files files, int ringFd, long params, int depth, int bufferSize) throws SysException {
        this.calls = files.calls;
        this.residency = files.residency;
        this.extents = files.extents;
        this.ringFd = ringFd;
        this.depth = depth;
        this.bufferSize = bufferSize;
        sqEntries = MEMORY.getInt(params);
        int cqEntries = MEMORY.getInt(params + 4);
        int features = MEMORY.getInt(params + 20);
        long sqOff = params + 40;
        long cqOff = params + 80;
        long sqSize = MEMORY.getInt(sqOff + 24) + 4L * sqEntries;  // array: one u32 an entry
        long cqSize = MEMORY.getInt(cqOff + 20) + (long) CQE_SIZE * cqEntries;  // cqes
        boolean single = (features & IORING_FEAT_SINGLE_MMAP) != 0;
        sqRing = map(single ? Math.max(sqSize, cqSize) : sqSize, IORING_OFF_SQ_RING);
        cqRing = single ? new Mapped(sqRing.address, 0) : map(cqSize, IORING_OFF_CQ_RING);
        sqes = map((long) SQE_SIZE * sqEntries, IORING_OFF_SQES);
        long sq = sqRing.address;
        sqTail = sq + MEMORY.getInt(sqOff + 4);
        sqMask = MEMORY.getInt(sq + MEMORY.getInt(sqOff + 8));
        long array = sq + MEMORY.getInt(sqOff + 24);
        for (int i = 0; i < sqEntries; i++) {
            MEMORY.putInt(array + 4L * i, i);  // entry i of the ring is submission entry i, once for all
        }
        tail = MEMORY.getInt(sqTail);
        long cq = cqRing.address;
        cqHead = cq + MEMORY.getInt(cqOff);
        cqTail = cq + MEMORY.getInt(cqOff + 4);
        cqMask = MEMORY.getInt(cq + MEMORY.getInt(cqOff + 8));
        cqes = cq + MEMORY.getInt(cqOff + 20);
        int pageSize = calls.pageSize();
        stride = (bufferSize + pageSize - 1L) / pageSize * pageSize;
        memory = calls.allocate(depth * stride + pageSize + (long) depth * NAME_ROOM, false);
        buffers = memory.address() + (pageSize - memory.address() % pageSize) % pageSize;
        names = buffers + depth * stride;
        openIn = new LibcDirectory[depth];
        noAtime = new boolean[depth];
    }

    /** The calls of the ring, and what the files it opens are handed, as LibcResolver hands them: their measure and extents. */
    record Files(LibcCalls calls, LibcResidency residency, LibcExtents extents) {
    }

    /**
     * A ring of {@code depth} reads of up to {@code bufferSize} bytes each; a SysException if the kernel
     * refuses one: ENOSYS (before 5.1, or 5.6 for the reads), EPERM (a seccomp filter, as Docker's
     * default profile has, or kernel.io_uring_disabled), ENOMEM, EINVAL.
     */
    static LibcReadRing open(Files files, int depth, int bufferSize) throws SysException {
        LibcCalls calls = files.calls;
        Pointer params = calls.allocate(PARAMS_SIZE, true);
        int fd = setup(calls, 2 * depth, params, IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN);
        if (fd < 0 && calls.lastError() == EINVAL) {
            params = calls.allocate(PARAMS_SIZE, true);
            fd = setup(calls, 2 * depth, params, 0);  // a kernel before 6.1
        }
        calls.check(fd);
        if ((params.getInt(20) & IORING_FEAT_RW_CUR_POS) == 0) {
            calls.libc().close(fd);
            throw new SysException(Errno.ENOSYS, "io_uring without IORING_OP_READ (Linux 5.6)");
        }
        try {
            return new LibcReadRing(files, fd, params.address(), depth, bufferSize);
        } catch (SysException | RuntimeException e) {
            // A mapping made before the failure (ENOMEM) keeps the ring until the process ends: rare, and small.
            calls.libc().close(fd);
            throw e;
        }
    }

    private static int setup(LibcCalls calls, int depth, Pointer params, int flags) {
        params.putInt(8, flags);
        return (int) calls.libc().syscall(SYS_IO_URING_SETUP, depth, params.address(), 0, 0);
    }

    private Mapped map(long length, long offset) throws SysException {
        long at = calls.libc().mmap(0, length, PROT_READ_WRITE, MAP_SHARED_POPULATE, ringFd, offset);
        if (at == -1L) {
            calls.check(-1);
        }
        return new Mapped(at, length);
    }

    @Override
    public int depth() {
        return depth;
    }

    @Override
    public int bufferSize() {
        return bufferSize;
    }

    @Override
    public void queue(OpenFile file, int slot, long offset, int length) {
        long sqe = entry(IORING_OP_READ, ((LibcFile) file).fd(), slot);
        MEMORY.putLong(sqe + 8, offset);
        MEMORY.putLong(sqe + 16, buffers + slot * stride);
        MEMORY.putInt(sqe + 24, Math.min(length, bufferSize));
        publish();
    }

    @Override
    public boolean opens() {
        return opens;
    }

    @Override
    public boolean queueOpen(Directory dir, byte[] cName, int slot) {
        int length = 0;
        while (cName[length] != 0) {
            length++;
        }
        if (!opens || length >= NAME_ROOM) {
            return false;
        }
        long name = names + (long) NAME_ROOM * slot;
        MEMORY.putByteArray(name, cName, 0, length + 1);
        LibcDirectory d = (LibcDirectory) dir;
        openIn[slot] = d;
        // O_NOATIME is only allowed to the file's owner (or CAP_FOWNER): as LibcResolver#openTerminated,
        // once refused in a directory, its other files are opened without it at the first try.
        noAtime[slot] = d.triesNoAtime();
        queueOpen(slot);
        return true;
    }

    /** The open of slot {@code slot}'s name in its directory, with O_NOATIME if it is still to be tried. */
    private void queueOpen(int slot) {
        long sqe = entry(IORING_OP_OPENAT, LibcDirectory.fd(openIn[slot]), slot);
        MEMORY.putLong(sqe + 16, names + (long) NAME_ROOM * slot);  // addr: the name
        MEMORY.putInt(sqe + 28, OPEN_FLAGS | (noAtime[slot] ? OpenFlag.O_NOATIME : 0));  // open_flags
        publish();
    }

    @Override
    public OpenFile opened(int slot, int result) throws SysException {
        LibcDirectory d = openIn[slot];
        openIn[slot] = null;
        if (result >= 0) {
            if (!noAtime[slot] && d.triesNoAtime()) {
                d.noAtimeRefused();  // opened once O_NOATIME was refused: the others here without it
            }
            return new LibcFile(calls, residency, extents, result);
        }
        if (result == -EINVAL) {
            opens = false;  // no IORING_OP_OPENAT (before Linux 5.6): the reader opens its files itself
        }
        SysException failure = failure(result);
        if (result == -EINVAL || failure.isWouldBlock() || failure.isDescriptorShortage()) {
            return null;  // opened by the caller, which waits for a descriptor as others are closed
        }
        throw failure;
    }

    @Override
    public void queueClose(OpenFile file) {
        entry(IORING_OP_CLOSE, ((LibcFile) file).fd(), CLOSE_TAG);
        publish();
        closesQueued = true;
    }

    @Override
    public void submitCloses() {
        if (closesQueued) {
            submit();
        }
    }

    private void submit() {
        while (toSubmit > 0) {
            long n = enter(toSubmit, 0);
            if (n >= 0) {
                toSubmit -= (int) Math.min(n, toSubmit);
            } else if (calls.lastError() != EINTR) {
                return;  // no room (EBUSY) or no memory: submitted with the next turn
            }
        }
    }

    /** A zeroed submission entry at the tail: its operation, descriptor and slot (its user_data). */
    private long entry(byte op, int fd, int slot) {
        if (toSubmit == sqEntries) {
            // Every entry is queued, which a turn does not reach (an entry and a close a slot at most, and
            // room for 2 x depth): submitted first, so that no entry not yet taken is written over.
            submit();
        }
        long sqe = sqes.address + (long) SQE_SIZE * (tail & sqMask);
        MEMORY.setMemory(sqe, SQE_SIZE, (byte) 0);
        MEMORY.putByte(sqe, op);
        MEMORY.putInt(sqe + 4, fd);
        MEMORY.putLong(sqe + 32, slot);  // user_data
        return sqe;
    }

    /** Publishes the entry just written: the kernel takes it at the next io_uring_enter. */
    private void publish() {
        if (toSubmit == 0) {
            closesQueued = false;  // what was queued is submitted
        }
        tail++;
        VarHandle.releaseFence();  // the entry is written before the tail that publishes it
        MEMORY.putInt(sqTail, tail);
        toSubmit++;
        inFlight++;
    }

    @Override
    public int submitAndWait(int[] slots, int[] results) throws SysException {
        int found = reap(slots, results, 0);
        while (toSubmit > 0 || (found == 0 && inFlight > 0)) {
            long n = enter(toSubmit, found == 0 ? 1 : 0);
            if (n >= 0) {
                toSubmit -= (int) Math.min(n, toSubmit);
            } else {
                int errno = calls.lastError();
                if ((errno == EAGAIN || errno == EBUSY) && inFlight > toSubmit) {
                    // no room for more until completions are taken: wait for one, submit after
                    enter(0, found == 0 ? 1 : 0);
                } else if (errno != EINTR) {
                    throw calls.failure(errno);
                }
            }
            found += reap(slots, results, found);
        }
        return found;
    }

    /** io_uring_enter: submits {@code submit} entries, then waits for {@code waitFor} completions. */
    private long enter(int submit, int waitFor) {
        return calls.libc().syscall(SYS_IO_URING_ENTER, ringFd, submit, waitFor, IORING_ENTER_GETEVENTS, 0);
    }

    /** Takes the completions posted, into the arrays from {@code from}; how many it took. */
    private int reap(int[] slots, int[] results, int from) {
        int head = MEMORY.getInt(cqHead);
        int posted = MEMORY.getInt(cqTail);
        VarHandle.acquireFence();  // the entries are read after the tail that published them
        int n = from;
        int taken = 0;
        for (; head != posted && n < slots.length; head++, taken++) {
            long cqe = cqes + (long) CQE_SIZE * (head & cqMask);
            int slot = (int) MEMORY.getLong(cqe);
            int result = MEMORY.getInt(cqe + 8);
            if (slot == CLOSE_TAG) {
                continue;  // a close: nothing to tell (close(2)'s failures are not either)
            }
            if (result == -EPERM && openIn[slot] != null && noAtime[slot]) {
                noAtime[slot] = false;  // O_NOATIME refused: the open again without it, submitted with the next
                queueOpen(slot);
                continue;
            }
            slots[n] = slot;
            results[n] = result;
            n++;
        }
        VarHandle.releaseFence();  // the entries are read before the head that frees them
        MEMORY.putInt(cqHead, head);
        inFlight -= taken;
        return n - from;
    }

    @Override
    public SysException failure(int result) {
        return calls.failure(-result);
    }

    @Override
    public int inFlight() {
        return inFlight;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        int[] slots = new int[depth];
        int[] results = new int[depth];
        try {
            while (inFlight > 0) {
                // the kernel writes into the buffers until each read completes; an open it completes is closed
                for (int i = submitAndWait(slots, results) - 1; i >= 0; i--) {
                    if (openIn[slots[i]] != null && results[i] >= 0) {
                        calls.libc().close(results[i]);
                    }
                }
            }
        } catch (SysException e) {
            // the ring cannot be waited on: its reads end with its descriptor, the buffers are left to the cleaner
        }
        Libc libc = calls.libc();
        for (Mapped m : new Mapped[] {sqes, cqRing, sqRing}) {
            if (m.length > 0) {
                libc.munmap(m.address, m.length);
            }
        }
        libc.close(ringFd);
    }

    /** The address of slot {@code slot}'s buffer, for a test to read what was read. */
    long buffer(int slot) {
        return buffers + slot * stride;
    }
}
