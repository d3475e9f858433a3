package dirdump.testing;

import dirdump.sys.Directory;
import dirdump.sys.EntrySink;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The real system calls, with the identity (fstat) of everything they opened kept, and a hook that
 * runs once when a listing reaches a given name, before the walk sees it: the moment another user
 * swaps a directory the walk has just listed.
 */
public final class RecordingOs extends ForwardingOs {
    /** (device, inode) of a file: what the kernel opened. */
    public record Identity(long dev, long ino) {
    }

    private final List<Identity> opened = new ArrayList<>();
    private byte[] hookName;
    private Runnable hook;

    public RecordingOs(Os real) {
        super(real);
    }

    /** Runs {@code action} once, as soon as a listing reaches an entry called {@code name}. */
    public void whenListed(String name, Runnable action) {
        hookName = name.getBytes();
        hook = action;
    }

    public synchronized List<Identity> opened() {
        return List.copyOf(opened);
    }

    /** Everything below {@code root} (links not followed), and root itself: where opens may land. */
    public static Set<Identity> identitiesUnder(Path root) throws IOException {
        Set<Identity> all = new HashSet<>();
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Map<String, Object> a = Files.readAttributes(p, "unix:dev,ino", LinkOption.NOFOLLOW_LINKS);
                all.add(new Identity((Long) a.get("dev"), (Long) a.get("ino")));
            }
        }
        return all;
    }

    private synchronized <T> T record(T what, Stat st) {
        opened.add(new Identity(st.dev, st.ino));
        return what;
    }

    @Override
    public Directory openPath(byte[] path, boolean toList) throws SysException {
        Directory d = real.openPath(path, toList);
        return record(d, d.stat());
    }

    @Override
    public Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException {
        Directory d = real.openDirectory(parent, name, follow);
        return record(d, d.stat());
    }

    @Override
    public Directory openBeneath(Directory base, byte[] path) throws SysException {
        Directory d = real.openBeneath(base, path);
        return record(d, d.stat());
    }

    @Override
    public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
        OpenFile f = real.open(dir, name, follow);
        return record(f, f.stat());
    }

    @Override
    public void list(Directory dir, EntrySink sink) throws SysException {
        real.list(dir, (name, ino, type) -> {
            if (hook != null && Arrays.equals(name, hookName)) {
                Runnable h = hook;
                hook = null;
                h.run();
            }
            sink.entry(name, ino, type);
        });
    }
}
