package dirdump.sys;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link Os} on java.nio, for when libc cannot be bound. Directories and files below a PATH are opened
 * relative to an open directory through {@link SecureDirectoryStream} (openat with O_NOFOLLOW), as
 * natively. But the JDK opens without O_NONBLOCK and O_DIRECTORY, so a FIFO swapped in would block the
 * open: names are opened only in directories no other user can write to ({@link #opensSafelyIn}), and
 * a file is checked (fstatat) just before it is opened rather than after. Slower: every entry is
 * stat'ed to learn its inode; names not valid in the JVM's file-name encoding cannot be opened.
 */
final class NioOs implements Os {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};
    private static final LinkOption[] FOLLOW = {};
    /** UnixFileKey's text: "(dev=803,ino=1234)", st_dev in hex. */
    private static final Pattern FILE_KEY = Pattern.compile("\\(dev=([0-9a-f]+),ino=(\\d+)\\)");
    private static final String USER = System.getProperty("user.name");
    private static final int S_IFREG = 0100000;
    private static final int S_IFDIR = 0040000;
    private static final int S_IFLNK = 0120000;
    private static final int S_IFMT = 0170000;

    private final String fallbackReason;

    /** {@code fallbackReason}: why the native implementation could not be bound, for the summary. */
    NioOs(String fallbackReason) {
        this.fallbackReason = fallbackReason;
    }

    @Override
    public String fallbackReason() {
        return fallbackReason;
    }

    @Override
    public String description() {
        return "java.nio fallback";
    }

    @Override
    public Stat stat(byte[] path) throws SysException {
        try {
            Map<String, Object> a = Files.readAttributes(named(path), "unix:dev,ino,mode,size,uid,lastModifiedTime", FOLLOW);
            return new Stat((Long) a.get("dev"), (Long) a.get("ino"), (Integer) a.get("mode"), (Long) a.get("size"),
                    -1, (Integer) a.get("uid"), 0, false, nanos((FileTime) a.get("lastModifiedTime")));
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public Directory openPath(byte[] path, boolean toList) throws SysException {
        try {
            Path named = named(path);
            return directory(Files.newDirectoryStream(named), named);
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException {
        SecureDirectoryStream<Path> in = safe(parent);
        try {
            return directory(in.newDirectoryStream(path(name), follow ? FOLLOW : NOFOLLOW),
                    ((NioDirectory) parent).path.resolve(path(name)));
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public Directory openBeneath(Directory base, byte[] path) throws SysException {
        Deque<Directory> opened = new ArrayDeque<>();
        try {
            for (String name : PathNames.string(path).split("/")) {
                if (name.isEmpty() || name.equals(".")) {
                    continue;
                }
                if (name.equals("..")) {
                    if (opened.isEmpty()) {
                        throw new SysException(Errno.EXDEV, "'..' climbs above the directory the name starts from");
                    }
                    opened.pop().close();
                    continue;
                }
                opened.push(openDirectory(opened.isEmpty() ? base : opened.peek(), PathNames.bytes(name), false));
            }
            return opened.isEmpty() ? openDirectory(base, new byte[] {'.'}, false) : opened.pop();
        } finally {
            opened.forEach(Directory::close);
        }
    }

    @Override
    public boolean opensSafelyIn(Directory dir) {
        return ((NioDirectory) dir).trusted;
    }

    @Override
    public void list(Directory dir, EntrySink sink) throws SysException {
        NioDirectory d = (NioDirectory) dir;
        list(d, d.stream, sink);
    }

    /** A directory stream is iterated once: the directory is listed again through a new one, opened relative to it. */
    @Override
    public void listAgain(Directory dir, EntrySink sink) throws SysException {
        NioDirectory d = (NioDirectory) dir;
        try (DirectoryStream<Path> again = d.stream.newDirectoryStream(Path.of("."), NOFOLLOW)) {
            list(d, again, sink);
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    /** The entries of {@code entries}, a stream of {@code d}, each stat'ed relative to {@code d}. */
    private void list(NioDirectory d, DirectoryStream<Path> entries, EntrySink sink) throws SysException {
        try {
            for (Path entry : entries) {
                if (sink.full()) {
                    return;
                }
                Stat st;
                try {
                    st = stat(d, entry.getFileName(), NOFOLLOW);
                } catch (SysException vanished) {
                    continue;
                }
                sink.entry(entry.getFileName().toString().getBytes(PathNames.CHARSET), st.ino, st.type());
            }
        } catch (RuntimeException e) {
            if (e.getCause() instanceof IOException) {
                throw SysException.of((IOException) e.getCause());  // DirectoryIteratorException
            }
            throw e;
        }
    }

    @Override
    public Stat stat(Directory dir, byte[] name, boolean follow) throws SysException {
        return stat((NioDirectory) dir, path(name), follow ? FOLLOW : NOFOLLOW);
    }

    @Override
    public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
        SecureDirectoryStream<Path> in = safe(dir);
        Stat before = stat(dir, name, follow);
        if (before.type() != FileType.REGULAR) {
            return new NioFile(null, before);  // never opened: a FIFO would block
        }
        Set<OpenOption> options = follow ? Set.of(StandardOpenOption.READ)
                : Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        try {
            return new NioFile(in.newByteChannel(path(name), options), before);
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    /** As natively, but only where nobody else can swap the name for a FIFO meanwhile ({@link #safe}). */
    @Override
    public InputStream openRegular(Directory dir, byte[] name) throws SysException {
        SecureDirectoryStream<Path> in = safe(dir);
        Stat found = stat(dir, name, false);
        if (found.type() != FileType.REGULAR) {
            throw Os.notRegular(found.type());
        }
        try {
            return Channels.newInputStream(in.newByteChannel(path(name), Set.of(StandardOpenOption.READ,
                    LinkOption.NOFOLLOW_LINKS)));
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public Replacement replace(Directory dir, byte[] name) throws SysException {
        return NioReplacement.create(safe(dir), path(name));
    }

    @Override
    public InputStream openInput(byte[] path) throws SysException {
        try {
            return Files.newInputStream(named(path));
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    @Override
    public long fileSystemType(Directory dir) throws SysException {
        throw Os.nativeOnly("statfs");
    }

    @Override
    public long fileSystemType(Directory dir, byte[] name, boolean follow) throws SysException {
        throw Os.nativeOnly("statfs");
    }

    /** From /proc/self/limits, the soft limit ("Max open files  1024  4096  files"); the JVM raised it already. */
    @Override
    public long descriptorLimit() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/limits"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Max open files")) {
                    String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                    return soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: the usual default
        }
        return 1024;
    }

    @Override
    public ReadBuffer allocate(int capacity) {
        return new DirectBuffer(ByteBuffer.allocateDirect(capacity));
    }

    @Override
    public void sync() throws SysException {
        throw Os.nativeOnly("sync");
    }

    private static SecureDirectoryStream<Path> safe(Directory dir) throws SysException {
        NioDirectory d = (NioDirectory) dir;
        if (!d.trusted) {
            throw new SysException(Errno.EPERM, "other users can write to its directory, and the java.nio "
                    + "fallback cannot open a name there safely");
        }
        return d.stream;
    }

    private static Directory directory(DirectoryStream<Path> stream, Path path) throws SysException {
        if (!(stream instanceof SecureDirectoryStream)) {
            close(stream);
            throw new SysException(Errno.ENOSYS, "java.nio cannot open relative to a directory here");
        }
        SecureDirectoryStream<Path> secure = (SecureDirectoryStream<Path>) stream;
        try {
            PosixFileAttributes a = secure.getFileAttributeView(PosixFileAttributeView.class).readAttributes();
            String owner = a.owner().getName();
            boolean othersWrite = a.permissions().contains(PosixFilePermission.GROUP_WRITE)
                    || a.permissions().contains(PosixFilePermission.OTHERS_WRITE);
            return new NioDirectory(secure, path, stat(a, null),
                    !othersWrite && (owner.equals(USER) || owner.equals("root")));
        } catch (IOException e) {
            close(stream);
            throw SysException.of(e);
        }
    }

    private static Stat stat(NioDirectory in, Path name, LinkOption[] options) throws SysException {
        try {
            PosixFileAttributes a = in.stream.getFileAttributeView(name, PosixFileAttributeView.class, options)
                    .readAttributes();
            return stat(a, a.isOther() ? in.path.resolve(name) : null);
        } catch (IOException e) {
            throw SysException.of(e);
        }
    }

    /**
     * st_dev and st_ino from the file key. A FIFO, socket or device ("other") has no type here: its
     * type is asked of {@code other} by name, a stat that opens nothing.
     */
    private static Stat stat(PosixFileAttributes a, Path other) throws IOException, SysException {
        Matcher m = FILE_KEY.matcher(String.valueOf(a.fileKey()));
        if (!m.matches()) {
            throw Os.nativeOnly("the inode number");
        }
        int type = a.isRegularFile() ? S_IFREG : a.isDirectory() ? S_IFDIR : a.isSymbolicLink() ? S_IFLNK
                : other != null ? (Integer) Files.getAttribute(other, "unix:mode", NOFOLLOW) & S_IFMT : 0;
        int mode = type;
        for (PosixFilePermission p : a.permissions()) {
            mode |= 0400 >> p.ordinal();  // OWNER_READ is 0400, ..., OTHERS_EXECUTE 0001
        }
        return new Stat(Long.parseUnsignedLong(m.group(1), 16), Long.parseUnsignedLong(m.group(2)), mode, a.size(),
                -1, -1, 0, false, nanos(a.lastModifiedTime()));
    }

    private static long nanos(FileTime t) {
        return t.to(TimeUnit.NANOSECONDS);
    }

    private static void close(DirectoryStream<Path> stream) {
        try {
            stream.close();
        } catch (IOException ignored) {
            // read-only: nothing is lost
        }
    }

    /** A name relative to an open directory. */
    private static Path path(byte[] bytes) throws SysException {
        String name = PathNames.string(bytes);
        try {
            return Path.of(name);
        } catch (InvalidPathException e) {
            // Under LANG=C the JVM encodes names in ASCII: "café" has no name there.
            throw new SysException(Errno.EILSEQ, "the name cannot be written in the JVM's file-name encoding ("
                    + PathNames.CHARSET.name() + "), which java.nio needs; the native library does not");
        }
    }

    /** A name resolved as a PATH is: from / or the working directory (see {@link WorkingDirectory}). */
    private static Path named(byte[] bytes) throws SysException {
        return Path.of(WorkingDirectory.resolve(path(bytes).toString()));
    }

    /** {@code path}: its path when it was opened, only to ask a FIFO's or a device's type, which opens nothing. */
    private record NioDirectory(SecureDirectoryStream<Path> stream, Path path, Stat stat, boolean trusted)
            implements Directory {
        @Override
        public void close() {
            NioOs.close(stream);
        }
    }

    private record DirectBuffer(ByteBuffer buffer) implements ReadBuffer {
        @Override
        public int capacity() {
            return buffer.capacity();
        }
    }

    /** {@code channel}: null for a file that is not regular, which is never opened. */
    private record NioFile(SeekableByteChannel channel, Stat stat) implements OpenFile {
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
        public int read(ReadBuffer buffer, long offset, int length) throws SysException {
            ByteBuffer b = ((DirectBuffer) buffer).buffer;
            b.clear().limit(Math.min(length, b.capacity()));
            try {
                return Math.max(channel.position(offset).read(b), 0);
            } catch (IOException e) {
                throw SysException.of(e);
            }
        }

        /** java.nio cannot see holes: the whole file is data (its blocks are not known, so it is never sparse). */
        @Override
        public long nextData(long offset) {
            return offset < stat.size ? offset : -1;
        }

        @Override
        public long nextHole(long offset) {
            return Math.max(offset, stat.size);
        }

        @Override
        public void willNeed(long offset, long length) throws SysException {
            throw Os.nativeOnly("posix_fadvise");
        }

        @Override
        public void noReadAhead() {
            // java.nio cannot advise: the kernel reads ahead as it likes
        }

        @Override
        public void dontNeed() throws SysException {
            throw Os.nativeOnly("posix_fadvise");
        }

        @Override
        public Residency cachestat(long offset, long length) throws SysException {
            throw Os.nativeOnly("cachestat");
        }

        @Override
        public Residency mincore(long offset, long length) throws SysException {
            throw Os.nativeOnly("mincore");
        }

        @Override
        public boolean mincoreIsTruthful() {
            return false;
        }

        @Override
        public Extent firstExtent(boolean sync) throws SysException {
            throw Os.nativeOnly("FIEMAP");
        }

        @Override
        public long fibmapFirstByte() throws SysException {
            throw Os.nativeOnly("FIBMAP");
        }

        @Override
        public int blockSize() throws SysException {
            throw Os.nativeOnly("FIGETBSZ");
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
