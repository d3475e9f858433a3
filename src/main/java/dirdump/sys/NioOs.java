package dirdump.sys;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

/**
 * {@link Os} on java.nio, for when libc cannot be bound. Slower (every entry is stat'ed to learn its
 * inode), names that are not valid in the JVM's file-name encoding cannot be opened, paths of
 * PATH_MAX bytes or more fail, and a file is checked before it is opened rather than after.
 */
final class NioOs implements Os {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private static final LinkOption[] FOLLOW = {};

    @Override
    public String description() {
        return "java.nio fallback";
    }

    @Override
    public void list(byte[] dir, boolean follow, EntrySink sink) throws SysException {
        Path path = path(dir);
        if (!follow && stat(dir, false).type() == FileType.SYMLINK) {
            throw new SysException(SysException.ELOOP, "Too many levels of symbolic links");
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(path)) {
            for (Path entry : entries) {
                Map<String, Object> a;
                try {
                    a = Files.readAttributes(entry, "unix:ino,mode", NOFOLLOW);
                } catch (NoSuchFileException vanished) {
                    continue;
                }
                sink.entry(entry.getFileName().toString().getBytes(PathNames.CHARSET), (Long) a.get("ino"),
                        FileType.fromMode((Integer) a.get("mode")));
            }
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public Stat stat(byte[] path, boolean follow) throws SysException {
        try {
            Map<String, Object> a = Files.readAttributes(path(path), "unix:dev,ino,mode,size", follow ? FOLLOW : NOFOLLOW);
            return new Stat((Long) a.get("dev"), (Long) a.get("ino"), (Integer) a.get("mode"), (Long) a.get("size"));
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public OpenFile openForReading(byte[] path, boolean follow) throws SysException {
        Stat before = stat(path, follow);
        if (before.type() != FileType.REGULAR) {
            return new NioFile(null, before);  // never opened: a FIFO would block
        }
        try {
            return new NioFile(follow
                    ? FileChannel.open(path(path), StandardOpenOption.READ)
                    : FileChannel.open(path(path), StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS), before);
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public ReadBuffer allocate(int capacity) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(capacity);
        return new DirectBuffer(buffer);
    }

    @Override
    public long fileSystemType(byte[] path) throws SysException {
        throw unsupported("statfs");
    }

    @Override
    public void setIoPriority(int ioClass, int level) throws SysException {
        throw unsupported("ioprio_set");
    }

    @Override
    public void sync() throws SysException {
        throw unsupported("sync");
    }

    static SysException unsupported(String call) {
        return new SysException(SysException.ENOSYS, call + " needs the native library");
    }

    private static Path path(byte[] bytes) {
        return Path.of(PathNames.string(bytes));
    }

    private static final class DirectBuffer implements ReadBuffer {
        final ByteBuffer buffer;

        DirectBuffer(ByteBuffer buffer) {
            this.buffer = buffer;
        }

        @Override
        public int capacity() {
            return buffer.capacity();
        }
    }

    private static final class NioFile implements OpenFile {
        private final FileChannel channel;
        private final Stat stat;

        NioFile(FileChannel channel, Stat stat) {
            this.channel = channel;
            this.stat = stat;
        }

        @Override
        public Stat stat() {
            return stat;
        }

        @Override
        public int read(ReadBuffer buffer) throws SysException {
            ByteBuffer b = ((DirectBuffer) buffer).buffer;
            b.clear();
            try {
                return Math.max(channel.read(b), 0);
            } catch (IOException e) {
                throw SysException.of(e);
            }
        }

        @Override
        public void willNeed(long offset, long length) throws SysException {
            throw unsupported("posix_fadvise");
        }

        @Override
        public void dontNeed() throws SysException {
            throw unsupported("posix_fadvise");
        }

        @Override
        public Residency cachestat(long size) throws SysException {
            throw unsupported("cachestat");
        }

        @Override
        public Residency mincore(long size) throws SysException {
            throw unsupported("mincore");
        }

        @Override
        public boolean mincoreIsTruthful() {
            return false;
        }

        @Override
        public Extent firstExtent(boolean sync) throws SysException {
            throw unsupported("FIEMAP");
        }

        @Override
        public long fibmapFirstByte() throws SysException {
            throw unsupported("FIBMAP");
        }

        @Override
        public int blockSize() throws SysException {
            throw unsupported("FIGETBSZ");
        }

        @Override
        public void close() {
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // read-only: nothing is lost
                }
            }
        }
    }
}
