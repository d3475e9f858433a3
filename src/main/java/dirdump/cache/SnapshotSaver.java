package dirdump.cache;

import dirdump.scan.WalkResult;
import dirdump.sys.OpenFile;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.io.IOException;
import java.util.Arrays;

/**
 * status --save: each file measured with a page resident goes into the snapshot with its resident
 * ranges, under the PATH it was found below. Files of no resident page, or of unknown residency, are
 * left out: a replay would warm nothing of them; so are those a replay would refuse (SnapshotWriter),
 * counted. The first failed write ends the saving (the walk goes on, the command then fails).
 */
public final class SnapshotSaver implements StatusPass.Saver {
    private final SnapshotWriter writer;
    private final WalkResult walk;
    private final ResidencyProbe probe;
    private IOException failure;

    public SnapshotSaver(SnapshotWriter writer, WalkResult walk, ResidencyProbe probe) {
        this.writer = writer;
        this.walk = walk;
        this.probe = probe;
    }

    @Override
    public void file(int f, OpenFile file, Stat st, Residency residency) throws SysException {
        if (failure != null || !residency.known() || residency.residentPages() == 0) {
            return;
        }
        ByteRanges extent = st.sparse() ? probe.data(file, st, residency.pageSize()) : ByteRanges.whole(st.size);
        ByteRanges resident = residency.allResident() ? extent
                : probe.ranges(file, extent, true, residency.pageSize()).orElse(ByteRanges.NONE);
        if (resident.isEmpty()) {
            return;  // none resident, or not measurable after all
        }
        byte[][] rootAndName = rootAndName(walk, f);
        try {
            writer.file(rootAndName[0], rootAndName[1], st.size, st.mtimeNanos, resident.toPairs(),
                    residency.pageSize());
        } catch (IOException e) {
            failure = e;
        }
    }

    /** Listed file {@code f} as a snapshot names it: the PATH it was found under, and its name below that. */
    static byte[][] rootAndName(WalkResult walk, int f) {
        byte[] root = walk.directories.path(walk.directories.root(walk.files.dir(f)));
        byte[] path = walk.path(f);
        int skip = root.length == 0 ? 0 : root.length + (root[root.length - 1] == '/' ? 0 : 1);
        return new byte[][] {root, Arrays.copyOfRange(path, Math.min(skip, path.length), path.length)};
    }

    /** Ends and puts the snapshot in place; the first failure of a write, or of this, is thrown. */
    public void commit() throws IOException {
        if (failure != null) {
            throw failure;
        }
        writer.commit();
    }

    public long files() {
        return writer.files();
    }

    /** Why files were left out of the snapshot, in one line, or null (see {@link SnapshotWriter#leftOut}). */
    public String leftOut() {
        return writer.leftOut();
    }
}
