package dirdump.testdata;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes the planned tree under OUT: the directories first (parents before children), then the files in
 * their creation order, several open at once. Each round writes the next chunk of every open file; a
 * file that is complete is closed and its slot goes to the next file to create. One slot and large
 * chunks is the plain run; several slots and small chunks is --fragment. Either way a file gets the
 * same bytes: its content is one stream drawn from its own seed, cut into chunks. Everything is made
 * through the sink relative to a directory handle (see {@link Directories}); paths are for messages.
 */
final class TreeWriter<D> implements AutoCloseable {
    /** The plain run's chunk: larger than the default sizes, so that such a file takes one write. */
    static final int PLAIN_CHUNK = 1 << 20;
    /** --fragment's chunk: one block of most file systems, the unit an extent can be split at. */
    static final int FRAGMENT_CHUNK = 4096;

    private final Layout layout;
    private final FileSink<D> sink;
    private final Directories<D> directories;
    private final int chunk;
    private final Progress progress;
    /** One buffer, direct so that no write copies it, reused for every chunk. Chunks are multiples of 8. */
    private final ByteBuffer buffer;
    /** Per slot: the file in it (-1 if none), the bytes written so far, its content stream, its path. */
    private final int[] fileIn;
    private final long[] written;
    private final SplittableRandom[] content;
    private final Path[] pathIn;
    /** With --age: per file, its identity as created, to append to that file only. */
    private final Object[] made;

    TreeWriter(Layout layout, Path out, FileSink<D> sink, int slots, int chunk, Progress progress) {
        this.layout = layout;
        this.sink = sink;
        this.directories = new Directories<>(layout, out, sink);
        this.chunk = chunk;
        this.progress = progress;
        this.buffer = ByteBuffer.allocateDirect(chunk);
        this.fileIn = new int[slots];
        this.written = new long[slots];
        this.content = new SplittableRandom[slots];
        this.pathIn = new Path[slots];
        this.made = layout.aging != null ? new Object[layout.files] : null;
    }

    void write() throws IOException {
        makeDirectories();
        writeFiles();
        if (layout.aging != null) {
            age();
        }
    }

    /** The first part of {@link #write}: OUT opened, and every directory made in it. */
    void makeDirectories() throws IOException {
        directories.openOut();
        for (int d = 1; d < layout.dirs; d++) {
            directories.make(d);
        }
    }

    /** The second part of {@link #write}: the files, in creation order. */
    void writeFiles() throws IOException {
        int[] order = layout.creationOrder;
        int next = 0;
        int open = 0;
        for (int slot = 0; slot < fileIn.length; slot++) {
            fileIn[slot] = -1;
            if (next < order.length) {
                start(slot, order[next++]);
                open++;
            }
        }
        while (open > 0) {
            for (int slot = 0; slot < fileIn.length; slot++) {
                if (fileIn[slot] >= 0 && writeChunk(slot)) {
                    finish(slot);
                    if (next < order.length) {
                        start(slot, order[next++]);
                    } else {
                        open--;
                    }
                }
            }
        }
    }

    private void start(int slot, int file) throws IOException {
        int dir = layout.fileDir[file];
        D handle = directories.get(dir);
        String name = layout.fileName(file);
        Path path = directories.path(dir).resolve(name);
        fileIn[slot] = file;
        written[slot] = 0;
        content[slot] = new SplittableRandom(layout.contentSeed[file]);
        pathIn[slot] = path;
        try {
            sink.create(slot, handle, name);
            if (made != null) {
                made[file] = sink.identity(slot, handle, name);
            }
        } catch (IOException e) {
            fileIn[slot] = -1;
            throw Failure.at(path, e);
        }
    }

    /** The third part of {@link #write}, with --age: the {@link Aging} steps in their order, a file at a time. */
    void age() throws IOException {
        Aging aging = layout.aging;
        // In turns, each synced before the next, as over time: else, with delayed allocation, the whole
        // aging would happen in the page cache and each file get its blocks at writeback in one piece.
        int turn = Math.max(1, aging.steps() / Aging.TURNS);
        for (int step = 0; step < aging.steps(); step++) {
            if (step % turn == 0) {
                settle();
            }
            int f = aging.file[step];
            boolean added = aging.kind[step] == Aging.Kind.NEW;
            int dir = added ? aging.newDir[f] : layout.fileDir[f];
            String name = added ? aging.newName(f) : layout.fileName(f);
            D handle = directories.get(dir);
            Path path = directories.path(dir).resolve(name);
            try {
                switch (aging.kind[step]) {
                    case DELETE -> sink.remove(handle, name);
                    case APPEND -> {
                        sink.openToAppend(0, handle, name, made[f]);
                        writeWhole(aging.contentSeed[step], aging.size[step], layout.fileSize[f]);
                    }
                    case REWRITE, NEW -> {
                        if (!added) {
                            sink.remove(handle, name);
                        }
                        sink.create(0, handle, name);
                        writeWhole(aging.contentSeed[step], aging.size[step], 0);
                    }
                }
            } catch (IOException e) {
                throw Failure.at(path, e);
            }
        }
    }

    private void settle() throws IOException {
        try {
            sink.settle(directories.get(0));
        } catch (IOException e) {
            throw Failure.at(directories.path(0), e);
        }
    }

    /** Writes n bytes of the stream from {@code seed} to the file open in slot 0, from {@code offset}; closes it. */
    private void writeWhole(long seed, int n, long offset) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        for (int done = 0; done < n; ) {
            int k = Math.min(chunk, n - done);
            fill(random, k);
            sink.append(0, buffer, offset + done);
            done += k;
        }
        sink.close(0);
    }

    /** Writes the slot's next chunk; true when its file is complete. */
    private boolean writeChunk(int slot) throws IOException {
        long size = layout.fileSize[fileIn[slot]];
        int n = (int) Math.min(chunk, size - written[slot]);
        if (n > 0) {
            fill(content[slot], n);
            try {
                sink.append(slot, buffer, written[slot]);
            } catch (IOException e) {
                throw Failure.at(pathIn[slot], e);
            }
            written[slot] += n;
        }
        return written[slot] == size;
    }

    private void finish(int slot) throws IOException {
        int file = fileIn[slot];
        fileIn[slot] = -1;
        try {
            sink.close(slot);
        } catch (IOException e) {
            throw Failure.at(pathIn[slot], e);
        }
        progress.fileWritten(layout.fileSize[file]);
    }

    /** The next n bytes of the stream: whole longs, and the high bytes of one more for a last partial word. */
    private void fill(SplittableRandom random, int n) {
        buffer.clear();
        for (int i = n >>> 3; i > 0; i--) {
            buffer.putLong(random.nextLong());
        }
        int rest = n & 7;
        if (rest > 0) {
            long last = random.nextLong();
            for (int i = 0; i < rest; i++) {
                buffer.put((byte) (last >>> (56 - 8 * i)));
            }
        }
        buffer.flip();
    }

    /** Closes the directory handles; the sink closes the files. */
    @Override
    public void close() {
        directories.close();
    }
}
