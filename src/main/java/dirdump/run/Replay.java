package dirdump.run;

import dirdump.cache.ByteRanges;
import dirdump.cache.Snapshot;
import dirdump.outcome.FileReason;
import dirdump.outcome.PathText;
import dirdump.outcome.Reporter;
import dirdump.read.Wanted;
import dirdump.scan.FoundDirectories;
import dirdump.scan.PathListReader;
import dirdump.sys.Stat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * --replay FILE: a snapshot's files, as a list the walk takes as it takes --files-from (opened below
 * where each name starts, no symbolic link followed unless -L), and the ranges saved of each, which
 * the read brings in where they are not cached. A file changed since (another size or mtime) gets its
 * saved ranges that still lie in it.
 */
public final class Replay implements Wanted {
    private final String file;
    private final Snapshot snapshot;
    private final Map<ByteBuffer, Snapshot.Entry> byPath = new HashMap<>();
    private final byte[] names;
    private final LongAdder changed = new LongAdder();
    private Reporter reporter;

    private Replay(String file, Snapshot snapshot) {
        this.file = file;
        this.snapshot = snapshot;
        ByteArrayOutputStream list = new ByteArrayOutputStream();
        for (Snapshot.Entry e : snapshot.entries()) {
            byte[] path = FoundDirectories.join(e.root(), e.name());
            byPath.put(ByteBuffer.wrap(path), e);
            list.writeBytes(path);
            list.write(0);
        }
        this.names = list.toByteArray();
    }

    /** Reads the snapshot (-: standard input) before the walk; what cannot be read is a usage error, in one line. */
    /** {@code refusal} makes the usage error of a snapshot that cannot be read. */
    public static Replay load(String file, InputStream stdin, java.util.function.Function<String, RuntimeException> refusal) {
        try (InputStream in = file.equals("-") ? null : Files.newInputStream(Path.of(file))) {
            return new Replay(file, Snapshot.read(in == null ? stdin : in));
        } catch (IOException | InvalidPathException e) {
            throw refusal.apply("--replay " + file + ": " + FileReason.of(e));
        } catch (Snapshot.Unreadable e) {
            throw refusal.apply("--replay " + file + ": " + e.getMessage());
        }
    }

    /** The snapshot's names, for the walk; {@code fileName}: the snapshot file's bytes, for messages. */
    public PathListReader list(byte[] fileName) {
        return new PathListReader(fileName, new ByteArrayInputStream(names));
    }

    /** What the snapshot saved as resident: the memory the set needs. */
    public long residentBytes() {
        return snapshot.residentBytes();
    }

    public void reportTo(Reporter r) {
        this.reporter = r;
    }

    @Override
    public long[] ranges(byte[] path, Stat st) {
        Snapshot.Entry e = byPath.get(ByteBuffer.wrap(path));
        if (e == null) {
            return null;  // not a name the snapshot gave (the walk made it another way): all of it
        }
        if (e.size() != st.size || (e.mtimeNanos() != 0 && st.mtimeNanos != 0 && e.mtimeNanos() != st.mtimeNanos)) {
            changed.increment();
            if (reporter != null && reporter.verbose()) {
                reporter.line(PathText.of(path) + ": changed since the snapshot; its saved ranges within it are warmed");
            }
        }
        return ByteRanges.pages(e.ranges(), snapshot.pageSize(), st.size);
    }

    /** The snapshot file as given (-: standard input). */
    public String file() {
        return file;
    }

    /** The files the snapshot names. */
    public long files() {
        return snapshot.entries().size();
    }

    /** The files found changed (size or mtime) since the snapshot was saved, so far. */
    public long changed() {
        return changed.sum();
    }
}
