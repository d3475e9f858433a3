package dirdump.sys;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@link Replacement} by java.nio, which has no O_TMPFILE: a new temporary name beside the target,
 * made and opened in one call (CREATE_NEW, no link followed) relative to the directory's stream, moved
 * over the target through it once synced, and removed again unless committed.
 */
final class NioReplacement implements Replacement {
    private final SecureDirectoryStream<Path> dir;
    private final Path name;
    private final Path temporary;
    private final SeekableByteChannel channel;
    private boolean committed;

    private NioReplacement(SecureDirectoryStream<Path> dir, Path name, Path temporary, SeekableByteChannel channel) {
        this.dir = dir;
        this.name = name;
        this.temporary = temporary;
        this.channel = channel;
    }

    static NioReplacement create(SecureDirectoryStream<Path> dir, Path name) throws SysException {
        for (int attempt = 0; ; attempt++) {
            Path temporary = Path.of("." + name + "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36)
                    + ".tmp");
            try {
                return new NioReplacement(dir, name, temporary, dir.newByteChannel(temporary,
                        Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw SysException.of(e);
                }
            } catch (IOException e) {
                throw SysException.of(e);
            }
        }
    }

    @Override
    public OutputStream output() {
        return Channels.newOutputStream(channel);
    }

    @Override
    public void commit() throws SysException {
        try {
            if (channel instanceof FileChannel file) {
                file.force(true);
            }
            channel.close();
            dir.move(temporary, dir, name);
            committed = true;
        } catch (IOException e) {
            throw SysException.of(e);
        } finally {
            if (!committed) {
                close();
            }
        }
    }

    @Override
    public void close() {
        if (committed) {
            return;
        }
        try {
            channel.close();
            dir.deleteFile(temporary);
        } catch (IOException e) {
            // the temporary name stays, beginning with a dot; the target is untouched
        }
    }
}
