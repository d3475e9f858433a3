package dirdump.testdata;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The directories of the tree while it is written: a handle of each to make things in, and a path
 * for messages only (nothing is opened by it but OUT).
 *
 * <p>At most {@link #OPEN_AT_MOST} handles are open besides OUT's, whatever the number of directories
 * and the descriptor limit. Closing a directory's handle once everything in it is made would not bound
 * them: the files are created in one shuffled order across all directories (see {@link Layout}), so
 * nearly every directory waits for a file until the end of the run. So the least recently used handle
 * is closed, and a directory needed again is reopened relative to its parent's handle (reopened in turn
 * if need be, up to OUT, which stays open) and must still be the directory made: the sink checks it.
 */
final class Directories<D> implements AutoCloseable {
    static final int OPEN_AT_MOST = 64;

    private final Layout layout;
    private final FileSink<D> sink;
    private final Path[] paths;
    /** Per directory below OUT, its handle as made: closed or not, it is what a reopened one must be. */
    private final List<D> made;
    private final Map<Integer, D> open = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, D> eldest) {
            if (size() > OPEN_AT_MOST) {
                sink.closeDirectory(eldest.getValue());
                return true;
            }
            return false;
        }
    };
    private D out;

    Directories(Layout layout, Path out, FileSink<D> sink) {
        this.layout = layout;
        this.sink = sink;
        this.paths = new Path[layout.dirs];
        this.made = new ArrayList<>(Collections.nCopies(layout.dirs, null));
        paths[0] = out;
        for (int d = 1; d < layout.dirs; d++) {
            paths[d] = paths[layout.parent[d]].resolve(layout.dirName(d));
        }
    }

    Path path(int dir) {
        return paths[dir];
    }

    void openOut() throws IOException {
        try {
            out = sink.openOut(paths[0]);
        } catch (Refused e) {
            throw e;
        } catch (IOException e) {
            throw Failure.at(paths[0], e);
        }
    }

    /** Makes directory {@code dir}, whose parent is made already. */
    void make(int dir) throws IOException {
        D parent = get(layout.parent[dir]);
        D handle;
        try {
            handle = sink.makeDirectory(parent, layout.dirName(dir));
        } catch (IOException e) {
            throw Failure.at(paths[dir], e);
        }
        made.set(dir, handle);
        open.put(dir, handle);
    }

    /** An open handle of {@code dir}, valid until the next call. */
    D get(int dir) throws IOException {
        D handle = dir == 0 ? out : open.get(dir);
        if (handle != null) {
            return handle;
        }
        Deque<Integer> closed = new ArrayDeque<>();
        for (int d = dir; handle == null; d = layout.parent[d]) {
            closed.push(d);
            handle = layout.parent[d] == 0 ? out : open.get(layout.parent[d]);
        }
        while (!closed.isEmpty()) {
            int d = closed.pop();
            try {
                handle = sink.reopen(handle, layout.dirName(d), made.get(d));
            } catch (IOException e) {
                throw Failure.at(paths[d], e);
            }
            open.put(d, handle);  // may close the eldest, never this newest one
        }
        return handle;
    }

    @Override
    public void close() {
        open.values().forEach(sink::closeDirectory);
        open.clear();
        if (out != null) {
            sink.closeDirectory(out);
            out = null;
        }
    }
}
