package dirdump.sys;

import com.kenai.jffi.MemoryIO;
import java.lang.ref.Cleaner;
import jnr.ffi.Pointer;
import jnr.ffi.Runtime;

/**
 * Native memory freed once the pointer to it is unreachable, as jnr-ffi's Memory.allocateDirect frees
 * it, but without jnr-ffi's finalizer, whose class starts java.util.logging at the first allocation
 * (docs/performance.md, "Start-up"). Read buffers can be larger than direct ByteBuffers may be.
 */
final class NativeMemory {
    private static final MemoryIO MEMORY = MemoryIO.getInstance();
    /** Its thread is started with the class: at the binding, not when a process limit may leave no thread to start. */
    private static final Cleaner CLEANER = Cleaner.create();

    private NativeMemory() {
    }

    /** {@code size} bytes, zeroed if {@code clear}. */
    static Pointer allocate(Runtime runtime, long size, boolean clear) {
        long address = allocated(size, clear);
        Pointer pointer = Pointer.wrap(runtime, address);
        CLEANER.register(pointer, new Free(address));
        return pointer;
    }

    /** The address of {@code size} bytes, freed once {@code owner} is unreachable. */
    static long ownedBy(Object owner, long size) {
        long address = allocated(size, false);
        CLEANER.register(owner, new Free(address));
        return address;
    }

    private static long allocated(long size, boolean clear) {
        long address = MEMORY.allocateMemory(Math.max(size, 1), clear);
        if (address == 0) {
            throw new OutOfMemoryError("cannot allocate " + size + " bytes of native memory");
        }
        return address;
    }

    /** Frees one allocation; holds its address only, never the pointer, which would then stay reachable. */
    private static final class Free implements Runnable {
        private final long address;

        Free(long address) {
            this.address = address;
        }

        @Override
        public void run() {
            MEMORY.freeMemory(address);
        }
    }
}
