package dirdump.cli;

import dirdump.report.StderrReporter;
import dirdump.outcome.Units;
import dirdump.outcome.Reporter;
import com.google.gson.JsonObject;
import dirdump.cache.ByteRanges;
import dirdump.cache.Snapshot;
import dirdump.read.Wanted;
import dirdump.outcome.SkipReason;
import dirdump.report.SummarySection;
import dirdump.outcome.Tally;
import dirdump.scan.DirectoryTable;
import dirdump.scan.NameList;
import dirdump.outcome.PathText;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * --replay FILE: a snapshot's files, as a list the walk takes as it takes --files-from (opened below
 * where each name starts, no symbolic link followed unless -L), and the ranges saved of each, which
 * the read brings in where they are not cached. A file changed since (another size or mtime) gets its
 * saved ranges that still lie in it.
 */
final class Replay implements Wanted {
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
            byte[] path = DirectoryTable.join(e.root(), e.name());
            byPath.put(ByteBuffer.wrap(path), e);
            list.writeBytes(path);
            list.write(0);
        }
        this.names = list.toByteArray();
    }

    /** Reads the snapshot (-: standard input) before the walk; what cannot be read is a usage error, in one line. */
    static Replay load(String file, InputStream stdin, java.util.function.Function<String, RuntimeException> refusal) {
        try (InputStream in = file.equals("-") ? null : Files.newInputStream(Path.of(file))) {
            return new Replay(file, Snapshot.read(in == null ? stdin : in));
        } catch (IOException | InvalidPathException e) {
            throw refusal.apply("--replay " + file + ": " + FileReason.of(e));
        } catch (Snapshot.Unreadable e) {
            throw refusal.apply("--replay " + file + ": " + e.getMessage());
        }
    }

    /** The snapshot's names, for the walk. */
    NameList list() {
        return new NameList(RawArguments.bytes(file), new ByteArrayInputStream(names));
    }

    /** What the snapshot saved as resident: the memory the set needs. */
    long residentBytes() {
        return snapshot.residentBytes();
    }

    void reportTo(Reporter r) {
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

    /** "replay: snap: 3 files, 1.5 MiB resident when saved; 1 no longer exists, 1 changed since". */
    SummarySection section(Tally tally) {
        long gone = tally.skipped(SkipReason.GONE);
        long files = snapshot.entries().size();
        return new SummarySection() {
            @Override
            public List<String> lines() {
                return List.of(String.format(Locale.ROOT, "replay: %s: %s, %s resident when saved; %,d no longer "
                        + "exist%s, %,d changed since", file, Units.count(files, "file", "files"),
                        Units.bytes(residentBytes()), gone, gone == 1 ? "s" : "", changed.sum()));
            }

            @Override
            public void addTo(JsonObject json) {
                JsonObject o = new JsonObject();
                o.addProperty("file", file);
                o.addProperty("files", files);
                o.addProperty("resident_bytes", residentBytes());
                o.addProperty("gone", gone);
                o.addProperty("changed", changed.sum());
                json.add("replay", o);
            }
        };
    }
}
