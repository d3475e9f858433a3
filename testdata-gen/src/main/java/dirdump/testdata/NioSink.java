package dirdump.testdata;

import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * The tree through java.nio, where libc cannot be bound. Its SecureDirectoryStream opens files and
 * directories relative to an open directory (openat with O_NOFOLLOW), but java.nio cannot make a
 * directory relative to one: mkdir goes by name, resolved from the root each time, and whoever can
 * change a directory on the way could swap it for a symbolic link and so redirect the mkdir. So OUT is
 * refused unless nobody but this user and root can change OUT or a directory above it: each must be
 * owned by the effective uid or root, and writable by neither group nor others, or sticky (as /tmp:
 * there others cannot rename or remove what they do not own). The directories below OUT are made here
 * with mode 0755, so that only this user can change them either.
 */
final class NioSink implements FileSink<NioSink.Dir> {
    /** An open directory, its identity (st_dev and st_ino, as fileKey), and its name, by which java.nio makes one in it. */
    record Dir(SecureDirectoryStream<Path> stream, Object key, Path byName) {
    }

    private static final FileAttribute<Set<PosixFilePermission>> DIRECTORY_MODE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x"));
    private static final FileAttribute<Set<PosixFilePermission>> FILE_MODE =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--"));
    private static final Set<OpenOption> CREATE =
            Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    private static final Set<OpenOption> APPEND =
            Set.of(StandardOpenOption.APPEND, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    private static final int GROUP_OR_OTHER_WRITE = 0022;
    private static final int STICKY = 01000;

    private final SeekableByteChannel[] channels;

    NioSink(int slots) {
        channels = new SeekableByteChannel[slots];
    }

    @Override
    public Dir openOut(Path out) throws IOException {
        Path real = out.toRealPath();  // the name the directories are made by: no symbolic link left in it
        int euid = effectiveUid(out);
        for (Path dir = real; dir != null; dir = dir.getParent()) {
            String unsafe = unsafe(dir, dir.equals(real) ? "" : dir + " is ", euid);
            if (unsafe != null) {
                throw new Refused(out + ": " + unsafe + "; without libc, directories are made by name, which "
                        + "another user could redirect: nothing written");
            }
        }
        return open(Files.newDirectoryStream(real), real);
    }

    /** Why others can change {@code dir} (named by {@code who}, empty for OUT itself), or null. */
    private static String unsafe(Path dir, String who, int euid) throws IOException {
        Map<String, Object> attributes = Files.readAttributes(dir, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
        int uid = (Integer) attributes.get("uid");
        int mode = (Integer) attributes.get("mode");
        if (uid != euid && uid != 0) {
            return who + "owned by uid " + uid;
        }
        if ((mode & GROUP_OR_OTHER_WRITE) != 0 && (mode & STICKY) == 0) {
            return String.format("%swritable by group or others (mode %04o)", who, mode & 07777);
        }
        return null;
    }

    /** Without libc, as /proc/self/status tells it. */
    private static int effectiveUid(Path out) throws Refused {
        try {
            return Processes.load().effectiveUid();
        } catch (SysException e) {
            // refused below
        }
        throw new Refused(out + ": without libc, /proc/self/status must tell the effective uid, to check who else "
                + "can change OUT: nothing written");
    }

    @Override
    public Dir makeDirectory(Dir parent, String name) throws IOException {
        Path byName = parent.byName().resolve(name);
        Files.createDirectory(byName, DIRECTORY_MODE);
        return openIn(parent, name, byName);
    }

    @Override
    public Dir reopen(Dir parent, String name, Dir made) throws IOException {
        Dir dir = openIn(parent, name, made.byName());
        if (!dir.key().equals(made.key())) {
            closeDirectory(dir);
            throw new IOException("another directory now than the one made here: not used");
        }
        return dir;
    }

    @Override
    public void closeDirectory(Dir dir) {
        try {
            dir.stream().close();
        } catch (IOException ignored) {
            // nothing written through it: no error to lose
        }
    }

    private static Dir openIn(Dir parent, String name, Path byName) throws IOException {
        return open(parent.stream().newDirectoryStream(Path.of(name), LinkOption.NOFOLLOW_LINKS), byName);
    }

    private static Dir open(DirectoryStream<Path> stream, Path byName) throws IOException {
        if (!(stream instanceof SecureDirectoryStream)) {
            stream.close();
            throw new IOException("java.nio cannot open files relative to a directory here");
        }
        SecureDirectoryStream<Path> secure = (SecureDirectoryStream<Path>) stream;
        try {
            return new Dir(secure, secure.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey(),
                    byName);
        } catch (IOException e) {
            secure.close();
            throw e;
        }
    }

    @Override
    public void create(int slot, Dir dir, String name) throws IOException {
        channels[slot] = dir.stream().newByteChannel(Path.of(name), CREATE, FILE_MODE);
    }

    @Override
    public void append(int slot, ByteBuffer data, long offset) throws IOException {
        while (data.hasRemaining()) {
            channels[slot].write(data);
        }
    }

    @Override
    public void close(int slot) throws IOException {
        SeekableByteChannel channel = channels[slot];
        channels[slot] = null;
        channel.close();
    }

    @Override
    public Object identity(int slot, Dir dir, String name) throws IOException {
        return fileKey(dir, name);
    }

    @Override
    public void openToAppend(int slot, Dir dir, String name, Object made) throws IOException {
        channels[slot] = dir.stream().newByteChannel(Path.of(name), APPEND);
        if (!made.equals(fileKey(dir, name))) {
            close(slot);
            throw new IOException("another file now than the one made here: not appended to");
        }
    }

    /** java.nio has no syncfs: --age needs libc (GenerateCommand refuses it without). */
    @Override
    public void settle(Dir dir) throws IOException {
        throw new IOException("java.nio cannot sync a file system");
    }

    @Override
    public void remove(Dir dir, String name) throws IOException {
        dir.stream().deleteFile(Path.of(name));
    }

    /** By name: nobody else can change the directories this fallback writes in (see the class). */
    private static Object fileKey(Dir dir, String name) throws IOException {
        return dir.stream().getFileAttributeView(Path.of(name), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                .readAttributes().fileKey();
    }

    @Override
    public void close() {
        for (int slot = 0; slot < channels.length; slot++) {
            if (channels[slot] != null) {
                try {
                    close(slot);
                } catch (IOException ignored) {
                    // already failing: the first error is the one to report
                }
            }
        }
    }
}
