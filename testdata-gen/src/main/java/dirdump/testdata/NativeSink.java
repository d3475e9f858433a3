package dirdump.testdata;

import dirdump.sys.PathNames;
import dirdump.sys.SysException;
import dirdump.sys.TreeCreator.Made;
import dirdump.sys.TreeCreator.MadeFile;
import dirdump.sys.TreeCreator;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The tree through libc ({@link TreeCreator}): every directory and file is made relative to a
 * directory this run made and checked, so that none is made through a directory someone swapped.
 * With {@code reserve} (--fragment) the blocks of each chunk are reserved with fallocate(2) just
 * before the chunk is written, so that the file system allocates them in the round-robin order the
 * chunks come in. Interleaved writes alone are not enough: delayed allocation (ext4, XFS, btrfs)
 * would give each small file one extent at writeback, however its writes were interleaved.
 */
final class NativeSink implements FileSink<Made> {
    private final TreeCreator creator;
    private final int[] fds;
    private boolean reserving;

    private NativeSink(TreeCreator creator, int slots, boolean reserve) {
        this.creator = creator;
        this.fds = new int[slots];
        this.reserving = reserve;
        Arrays.fill(fds, -1);
    }

    /** Throws what binding libc throws (a LinkageError or a RuntimeException) where it cannot be bound. */
    static NativeSink bind(int slots, boolean reserve) {
        return new NativeSink(TreeCreator.bind(), slots, reserve);
    }

    /** With reserve: false once the file system has refused fallocate, and the chunks are only interleaved. */
    boolean reserving() {
        return reserving;
    }

    @Override
    public Made openOut(Path out) throws SysException {
        return creator.openTop(PathNames.bytes(out.toString()));
    }

    @Override
    public Made makeDirectory(Made parent, String name) throws SysException {
        return creator.makeDirectory(parent, PathNames.bytes(name));
    }

    @Override
    public Made reopen(Made parent, String name, Made made) throws SysException {
        return creator.reopen(parent, PathNames.bytes(name), made);
    }

    @Override
    public void closeDirectory(Made dir) {
        creator.closeDirectory(dir);
    }

    @Override
    public void create(int slot, Made dir, String name) throws SysException {
        fds[slot] = creator.createFile(dir, PathNames.bytes(name));
    }

    @Override
    public void append(int slot, ByteBuffer data, long offset) throws SysException {
        if (reserving) {
            reserving = creator.reserve(fds[slot], offset, data.remaining());
        }
        creator.write(fds[slot], data);
    }

    @Override
    public void close(int slot) throws SysException {
        int fd = fds[slot];
        fds[slot] = -1;
        creator.close(fd);
    }

    @Override
    public MadeFile identity(int slot, Made dir, String name) throws SysException {
        return creator.identity(fds[slot]);
    }

    @Override
    public void openToAppend(int slot, Made dir, String name, Object made) throws SysException {
        fds[slot] = creator.openToAppend(dir, PathNames.bytes(name), (MadeFile) made);
    }

    @Override
    public void settle(Made dir) throws SysException {
        creator.settle(dir);
    }

    @Override
    public void remove(Made dir, String name) throws SysException {
        creator.remove(dir, PathNames.bytes(name));
    }

    @Override
    public void close() {
        for (int slot = 0; slot < fds.length; slot++) {
            if (fds[slot] >= 0) {
                try {
                    close(slot);
                } catch (SysException ignored) {
                    // already failing: the first error is the one to report
                }
            }
        }
    }
}
