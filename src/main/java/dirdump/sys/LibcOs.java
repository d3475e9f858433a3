package dirdump.sys;

import static dirdump.sys.LibcDirectory.fd;

import java.io.InputStream;

/**
 * {@link Os} on libc: the binding ({@link Libc}) and what every call shares ({@link LibcCalls}: errno
 * into a SysException, EINTR, statx) made once, and a class for each job, each given the calls it
 * makes: {@link LibcResolver} resolves names and opens them,
 * {@link DirentBuffer} lists directories, {@link LibcFile} reads an open file, {@link LibcResidency}
 * measures its cached pages and maps it, {@link LibcExtents} locates it, {@link LibcNamedFiles} reads
 * and writes the files dirdump is given by name; {@link LibcProcesses} makes the calls on processes.
 */
final class LibcOs implements Os {
    private static final int RLIMIT_NOFILE = 7;
    private static final long DEFAULT_NOFILE = 1024;

    private final LibcCalls calls;
    private final ThreadLocal<DirentBuffer> direntBuffers;
    private final LibcResolver resolver;
    private final LibcNamedFiles namedFiles;

    private LibcOs(LibcCalls calls) {
        this.calls = calls;
        this.direntBuffers = ThreadLocal.withInitial(() -> new DirentBuffer(calls));
        this.resolver = new LibcResolver(calls, new LibcResidency(calls), new LibcExtents(calls));
        this.namedFiles = new LibcNamedFiles(calls);
    }

    static LibcOs create() {
        LibcCalls calls = new LibcCalls(Libc.bind());
        WorkingDirectory.restore(calls);  // before any name is resolved
        LibcOs os = new LibcOs(calls);
        // Bind and run each call once now, so that a missing symbol falls back at start, not mid-run.
        try (Directory root = os.openPath(new byte[] {'/'}, true)) {
            os.stat(new byte[] {'/'});
            os.list(root, (name, ino, type) -> { });
            calls.strerror(Errno.EMFILE);  // its native methods linked now: an error's text then needs nothing
            // The thread that frees native memory started with the listing's buffer (NativeMemory): now,
            // not when a process limit may leave no thread to start.
        } catch (SysException e) {
            throw new IllegalStateException("probe of / failed: " + e.getMessage(), e);
        }
        return os;
    }

    @Override
    public String description() {
        return "native (getdents64, statx)";
    }

    @Override
    public Stat stat(byte[] path) throws SysException {
        return resolver.stat(path);
    }

    @Override
    public Directory openPath(byte[] path, boolean toList) throws SysException {
        return resolver.openPath(path, toList);
    }

    @Override
    public Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException {
        return resolver.openDirectory(parent, name, follow);
    }

    @Override
    public Directory openBeneath(Directory base, byte[] relative) throws SysException {
        return resolver.openBeneath(base, relative);
    }

    @Override
    public boolean opensSafelyIn(Directory dir) {
        return true;
    }

    @Override
    public void list(Directory dir, EntrySink sink) throws SysException {
        direntBuffers.get().drain(fd(dir), sink);
    }

    @Override
    public void listAgain(Directory dir, EntrySink sink) throws SysException {
        direntBuffers.get().drainFromStart(fd(dir), sink);
    }

    @Override
    public Stat stat(Directory dir, byte[] name, boolean follow) throws SysException {
        return resolver.stat(dir, name, follow);
    }

    @Override
    public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
        return resolver.openTerminated(dir, LibcCalls.cString(name), follow);
    }

    @Override
    public OpenFile openTerminated(Directory dir, byte[] cName, boolean follow) throws SysException {
        return resolver.openTerminated(dir, cName, follow);
    }

    @Override
    public long fileSystemType(Directory dir) throws SysException {
        return resolver.fileSystemType(dir);
    }

    @Override
    public long fileSystemType(Directory dir, byte[] name, boolean follow) throws SysException {
        return resolver.fileSystemType(dir, name, follow);
    }

    @Override
    public SmallFile createFile(Directory dir, byte[] name, byte[] content) throws SysException {
        return namedFiles.createFile(dir, name, content);
    }

    @Override
    public SmallFile readSmallFile(Directory dir, byte[] name, int max) throws SysException {
        return namedFiles.readSmallFile(dir, name, max);
    }

    @Override
    public InputStream openRegular(Directory dir, byte[] name) throws SysException {
        return namedFiles.openRegular(dir, name);
    }

    @Override
    public boolean removeIfSame(Directory dir, byte[] name, Stat expected) throws SysException {
        return namedFiles.removeIfSame(dir, name, expected);
    }

    @Override
    public Replacement replace(Directory dir, byte[] name) throws SysException {
        return namedFiles.replace(dir, name);
    }

    @Override
    public InputStream openInput(byte[] path) throws SysException {
        return namedFiles.openInput(path);
    }

    @Override
    public ReadRing readRing(int depth, int bufferSize) throws SysException {
        return LibcReadRing.open(resolver.files(), depth, bufferSize);
    }

    @Override
    public ReadBuffer allocate(int capacity) {
        return LibcFile.allocate(calls, capacity);
    }

    @Override
    public long descriptorLimit() {
        long limit;
        try {
            limit = calls.raisedLimit(RLIMIT_NOFILE);
        } catch (SysException e) {
            return DEFAULT_NOFILE;
        }
        return limit < 0 ? Long.MAX_VALUE : limit;  // RLIM_INFINITY is -1 as a signed number
    }

    @Override
    public void sync() {
        calls.writes().sync();
    }

    /** fstat of a descriptor of this process (a standard stream). */
    @Override
    public Stat fstat(int fd) throws SysException {
        return calls.fstat(fd);
    }

    /** The calls the classes of each job share: also {@link LibcProcesses}' and {@link TreeCreator}'s. */
    LibcCalls calls() {
        return calls;
    }
}
