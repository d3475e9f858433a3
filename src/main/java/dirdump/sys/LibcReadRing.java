package dirdump.sys;

import static dirdump.sys.Errno.EAGAIN;
import static dirdump.sys.Errno.EBUSY;
import static dirdump.sys.Errno.EINTR;
import static dirdump.sys.Errno.EINVAL;

import com.kenai.jffi.MemoryIO;
import java.lang.invoke.VarHandle;
import jnr.ffi.Pointer;

/**
 * {@link ReadRing} on io_uring (Linux 5.6+ for IORING_OP_READ): io_uring_setup and io_uring_enter by
 * number through syscall(2) (425 and 426 on every architecture), the submission and completion rings
 * and the submission entries mapped into this process, the buffers one page-aligned allocation of
 * depth x buffer size. The kernel reads the rings concurrently: the tail of the submission ring is
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
    private static final int PROT_READ_WRITE = 1 | 2;
    private static final int MAP_SHARED_POPULATE = 1 | 0x8000;
    private static final int SQE_SIZE = 64;
    private static final int CQE_SIZE = 16;
    /** struct io_uring_params: 40 bytes, then struct io_sqring_offsets and io_cqring_offsets, 40 each. */
    private static final int PARAMS_SIZE = 120;

    private final LibcCalls calls;
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
    private final long cqHead;
    private final long cqTail;
    private final int cqMask;
    private final long cqes;
    /** The submission ring's tail as this thread has written it: entries up to here are queued. */
    private int tail;
    private int toSubmit;
    private int inFlight;
    private boolean closed;

    /** A mapping of the ring's descriptor, unmapped at close (length 0: shares another's). */
    private record Mapped(long address, long length) {
    }

    private LibcReadRing(LibcCalls calls, int ringFd, long params, int depth, int bufferSize) throws SysException {
        this.calls = calls;
        this.ringFd = ringFd;
        this.depth = depth;
        this.bufferSize = bufferSize;
        int sqEntries = MEMORY.getInt(params);
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
        memory = calls.allocate(depth * stride + pageSize, false);
        buffers = memory.address() + (pageSize - memory.address() % pageSize) % pageSize;
    }

    /**
     * A ring of {@code depth} reads of up to {@code bufferSize} bytes each; a SysException if the kernel
     * refuses one: ENOSYS (before 5.1, or 5.6 for the reads), EPERM (a seccomp filter, as Docker's
     * default profile has, or kernel.io_uring_disabled), ENOMEM, EINVAL.
     */
    static LibcReadRing open(LibcCalls calls, int depth, int bufferSize) throws SysException {
        Pointer params = calls.allocate(PARAMS_SIZE, true);
        int fd = setup(calls, depth, params, IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN);
        if (fd < 0 && calls.lastError() == EINVAL) {
            params = calls.allocate(PARAMS_SIZE, true);
            fd = setup(calls, depth, params, 0);  // a kernel before 6.1
        }
        calls.check(fd);
        if ((params.getInt(20) & IORING_FEAT_RW_CUR_POS) == 0) {
            calls.libc().close(fd);
            throw new SysException(Errno.ENOSYS, "io_uring without IORING_OP_READ (Linux 5.6)");
        }
        try {
            return new LibcReadRing(calls, fd, params.address(), depth, bufferSize);
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
        long sqe = sqes.address + (long) SQE_SIZE * (tail & sqMask);
        MEMORY.setMemory(sqe, SQE_SIZE, (byte) 0);
        MEMORY.putByte(sqe, IORING_OP_READ);
        MEMORY.putInt(sqe + 4, ((LibcFile) file).fd());
        MEMORY.putLong(sqe + 8, offset);
        MEMORY.putLong(sqe + 16, buffers + slot * stride);
        MEMORY.putInt(sqe + 24, Math.min(length, bufferSize));
        MEMORY.putLong(sqe + 32, slot);  // user_data
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
        for (; head != posted && n < slots.length; head++, n++) {
            long cqe = cqes + (long) CQE_SIZE * (head & cqMask);
            slots[n] = (int) MEMORY.getLong(cqe);
            results[n] = MEMORY.getInt(cqe + 8);
        }
        VarHandle.releaseFence();  // the entries are read before the head that frees them
        MEMORY.putInt(cqHead, head);
        inFlight -= n - from;
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
                submitAndWait(slots, results);  // the kernel writes into the buffers until each read completes
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
