package dirdump.scan;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What follow mode keeps of each name of a {@link TreeWatch}ed tree, by directory (its watch
 * descriptor) and name: a value, and the rescan that last found it, so that what a rescan no longer
 * finds is let go. One thread's ({@link TreeWatch#follow}).
 */
public final class FollowedNames<T> {
    private static final class Entry<T> {
        T value;
        long generation;

        Entry(T value, long generation) {
            this.value = value;
            this.generation = generation;
        }
    }

    private final Map<Integer, Map<String, Entry<T>>> dirs = new HashMap<>();
    private long generation;

    private static String key(byte[] name) {
        return new String(name, StandardCharsets.ISO_8859_1);  // one char a byte: any name, compared exactly
    }

    /** The value of {@code name} in {@code dir}, or null. */
    public T get(int dir, byte[] name) {
        Map<String, Entry<T>> in = dirs.get(dir);
        Entry<T> e = in == null ? null : in.get(key(name));
        return e == null ? null : e.value;
    }

    /** Sets the value of {@code name} in {@code dir}, found now (by the rescan going on, if one is). */
    public void put(int dir, byte[] name, T value) {
        Map<String, Entry<T>> in = dirs.computeIfAbsent(dir, d -> new HashMap<>());
        Entry<T> e = in.get(key(name));
        if (e == null) {
            in.put(key(name), new Entry<>(value, generation));
        } else {
            e.value = value;
            e.generation = generation;
        }
    }

    /** Removes {@code name} of {@code dir}: its value, or null if it had none. */
    public T remove(int dir, byte[] name) {
        Map<String, Entry<T>> in = dirs.get(dir);
        Entry<T> e = in == null ? null : in.remove(key(name));
        return e == null ? null : e.value;
    }

    /** Every name of {@code dir} removed, each value handed to {@code gone}. */
    public void removeDirectory(int dir, Consumer<T> gone) {
        Map<String, Entry<T>> in = dirs.remove(dir);
        if (in != null) {
            in.values().forEach(e -> gone.accept(e.value));
        }
    }

    /** A rescan starts: what it does not {@link #put} again is gone at {@link #rescanEnded}. */
    public void rescanStarted() {
        generation++;
    }

    /** Every name the rescan did not find removed, each value handed to {@code gone}. */
    public void rescanEnded(Consumer<T> gone) {
        for (Iterator<Map<String, Entry<T>>> d = dirs.values().iterator(); d.hasNext(); ) {
            Map<String, Entry<T>> in = d.next();
            for (Iterator<Entry<T>> i = in.values().iterator(); i.hasNext(); ) {
                Entry<T> e = i.next();
                if (e.generation != generation) {
                    i.remove();
                    gone.accept(e.value);
                }
            }
            if (in.isEmpty()) {
                d.remove();
            }
        }
    }

    /** Every value, each once a name. */
    public void forEach(Consumer<T> each) {
        dirs.values().forEach(in -> in.values().forEach(e -> each.accept(e.value)));
    }
}
