package dirdump.run;

import dirdump.cache.ByteRanges;
import dirdump.cache.Snapshot;
import dirdump.cache.SnapshotInput;
import dirdump.outcome.FileReason;
import dirdump.outcome.PathText;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.read.Wanted;
import dirdump.scan.FoundDirectories;
import dirdump.scan.PathListReader;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

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

    /**
     * Reads the snapshot before the walk: FILE ({@code name}, its bytes as given) opened by {@code os}
     * as a regular file only, or standard input for "-". What cannot be read is a usage error, in one
     * line, made by {@code refusal}.
     */
    public static Replay load(String file, byte[] name, Os os, InputStream stdin,
                              Function<String, RuntimeException> refusal) {
        try {
            return new Replay(file, file.equals("-") ? SnapshotInput.read(stdin) : SnapshotInput.read(os, name));
        } catch (IOException e) {
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

    /** Where changed files are told (-v); the refused records are told there now, and counted as errors. */
    public void reportTo(Reporter r, Tally tally) {
        this.reporter = r;
        byte[] what = ("--replay " + file).getBytes(StandardCharsets.UTF_8);
        for (Snapshot.Refused refused : snapshot.refused()) {
            r.error(what, String.format(Locale.ROOT, "file record %,d: its name \"%s\" %s; not read", refused.record(),
                    PathText.of(refused.name()), refused.why()));
            tally.addError();
        }
    }

    @Override
    public ByteRanges ranges(byte[] path, Stat st) {
        Snapshot.Entry e = byPath.get(ByteBuffer.wrap(path));
        if (e == null) {
            return ByteRanges.whole(st.size);  // not a name the snapshot gave (the walk made it another way): all of it
        }
        if (e.size() != st.size || (e.mtimeNanos() != 0 && st.mtimeNanos != 0 && e.mtimeNanos() != st.mtimeNanos)) {
            changed.increment();
            if (reporter != null && reporter.verbose()) {
                reporter.line(PathText.of(path) + ": changed since the snapshot; its saved ranges within it are warmed");
            }
        }
        return ByteRanges.ofPairs(e.ranges()).pages(snapshot.pageSize(), st.size);
    }

    /** The snapshot file as given (-: standard input). */
    public String file() {
        return file;
    }

    /** The files the snapshot names, refused ones included. */
    public long files() {
        return snapshot.entries().size() + snapshot.refused().size();
    }

    /** The file records refused (see {@link Snapshot.Refused}). */
    public long refused() {
        return snapshot.refused().size();
    }

    /** The files found changed (size or mtime) since the snapshot was saved, so far. */
    public long changed() {
        return changed.sum();
    }
}
