package dirdump.sys;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import jnr.ffi.Pointer;

/** Directory listing, one per listing thread: getdents64 fills native memory, which is parsed from one Java copy. */
final class DirentBuffer {
    private static final int DIRENT_BUFFER = 128 * 1024;
    private static final int SEEK_SET = 0;

    private final LibcCalls calls;
    private final Pointer pointer;
    private final byte[] chunk = new byte[DIRENT_BUFFER];
    private final ByteBuffer view = ByteBuffer.wrap(chunk).order(ByteOrder.nativeOrder());

    DirentBuffer(LibcCalls calls) {
        this.calls = calls;
        this.pointer = calls.allocate(DIRENT_BUFFER, false);
    }

    /** Lists {@code fd} from its first entry: lseek(0) undoes where an earlier listing left its offset. */
    void drainFromStart(int fd, EntrySink sink) throws SysException {
        calls.check(calls.libc().lseek(fd, 0, SEEK_SET));
        drain(fd, sink);
    }

    void drain(int fd, EntrySink sink) throws SysException {
        while (!sink.full()) {
            long n = calls.libc().getdents64(fd, pointer, DIRENT_BUFFER);
            calls.check(n);
            if (n == 0) {
                return;
            }
            pointer.get(0, chunk, 0, (int) n);
            for (int off = 0; off < n; ) {
                long ino = view.getLong(off);
                int reclen = view.getShort(off + 16) & 0xffff;
                int type = chunk[off + 18] & 0xff;
                int start = off + 19;
                int end = start;
                while (end < off + reclen && chunk[end] != 0) {
                    end++;
                }
                if (!isDotOrDotDot(start, end)) {
                    sink.entry(Arrays.copyOfRange(chunk, start, end), ino, FileType.fromDirentType(type));
                }
                off += reclen;
            }
        }
    }

    private boolean isDotOrDotDot(int start, int end) {
        int len = end - start;
        return chunk[start] == '.' && (len == 1 || (len == 2 && chunk[start + 1] == '.'));
    }
}
