package dirdump.sys;

import java.io.InputStream;
import jnr.ffi.Pointer;

/**
 * A file opened by libc, read through java.io: the --files-from list, whose name the JVM may not be
 * able to encode (any bytes under LANG=C), and whose read errors then come from strerror_l, in the C
 * locale, like every other error text.
 */
final class DescriptorInput extends InputStream {
    private static final int CHUNK = 64 * 1024;

    private final LibcCalls calls;
    private final int fd;
    private final Pointer buffer;
    private boolean closed;

    DescriptorInput(LibcCalls calls, int fd) {
        this.calls = calls;
        this.fd = fd;
        this.buffer = calls.allocate(CHUNK, false);
    }

    @Override
    public int read() throws SysException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws SysException {
        if (len == 0) {
            return 0;
        }
        int n = calls.restarted(() -> calls.libc().read(fd, buffer, Math.min(len, CHUNK)));
        if (n == 0) {
            return -1;
        }
        buffer.get(0, b, off, n);
        return n;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            calls.libc().close(fd);
        }
    }
}
