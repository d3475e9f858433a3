package dirdump.testing;

import dirdump.sys.EntrySink;
import dirdump.sys.FileType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The names a listing gave, as text, in its order; full (EntrySink#full: the listing stops) once it holds {@code most}. */
public final class ListedNames implements EntrySink {
    public final List<String> names = new ArrayList<>();
    private final int most;

    public ListedNames(int most) {
        this.most = most;
    }

    @Override
    public void entry(byte[] name, long ino, FileType type) {
        names.add(new String(name, StandardCharsets.UTF_8));
    }

    @Override
    public boolean full() {
        return names.size() >= most;
    }
}
