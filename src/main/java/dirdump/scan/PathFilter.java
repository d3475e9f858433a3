package dirdump.scan;

import dirdump.sys.PathNames;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * --include and --exclude. An entry is left out if it matches an --exclude; a directory left out is
 * not walked. A file is also left out if --include is given and it matches none: includes apply to
 * files only, so every directory not excluded is walked.
 *
 * <p>Walked entries are matched by their path relative to their PATH; a file named by itself (a file
 * PATH, a --files-from entry) by its path as given, less any leading "/" and "./".
 */
public final class PathFilter {
    public static final PathFilter NONE = new PathFilter(List.of(), List.of());

    private final List<Glob> includes;
    private final List<Glob> excludes;
    /** Whether some pattern needs the whole relative path, not only the name. */
    private final boolean wholePaths;

    private PathFilter(List<Glob> includes, List<Glob> excludes) {
        this.includes = includes;
        this.excludes = excludes;
        boolean whole = false;
        for (Glob g : includes) {
            whole |= g.wholePath();
        }
        for (Glob g : excludes) {
            whole |= g.wholePath();
        }
        this.wholePaths = whole;
    }

    /**
     * The patterns as their bytes were given.
     * @throws IllegalArgumentException for a pattern that cannot be compiled, or an include of directories only
     */
    public static PathFilter of(List<byte[]> includes, List<byte[]> excludes) {
        List<Glob> in = new ArrayList<>();
        for (byte[] text : includes) {
            Glob g = compile("--include", text);
            if (g.directoryOnly()) {
                throw new IllegalArgumentException("--include '" + g + "': includes apply to files, and a "
                        + "pattern ending in / matches directories only (for the files below a directory: DIR/**)");
            }
            in.add(g);
        }
        List<Glob> ex = new ArrayList<>();
        for (byte[] text : excludes) {
            ex.add(compile("--exclude", text));
        }
        return in.isEmpty() && ex.isEmpty() ? NONE : new PathFilter(List.copyOf(in), List.copyOf(ex));
    }

    private static Glob compile(String option, byte[] text) {
        try {
            return Glob.compile(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " " + e.getMessage(), e);
        }
    }

    /**
     * Why the entry {@code name} of the directory {@code dirPath} is left out, or null if it is kept;
     * the path relative to the PATH starts at {@code relStart} of {@code dirPath} (its length for the
     * PATH itself).
     */
    public String leftOut(byte[] dirPath, int relStart, byte[] name, boolean directory) {
        if (this == NONE) {
            return null;
        }
        if (!wholePaths || relStart >= dirPath.length) {
            return leftOut(name, 0, directory);
        }
        int dirLength = dirPath.length - relStart;
        byte[] rel = Arrays.copyOfRange(dirPath, relStart, relStart + dirLength + 1 + name.length);
        rel[dirLength] = '/';
        System.arraycopy(name, 0, rel, dirLength + 1, name.length);
        return leftOut(rel, dirLength + 1, directory);
    }

    /** The same for an entry named by itself (a PATH, or a --files-from entry), by its path as given. */
    public String leftOutNamed(byte[] path, boolean directory) {
        if (this == NONE) {
            return null;
        }
        int start = 0;
        while (start < path.length && path[start] == '/'
                || start + 1 < path.length && path[start] == '.' && path[start + 1] == '/') {
            start += path[start] == '/' ? 1 : 2;
        }
        byte[] rel = Arrays.copyOfRange(path, start, path.length);
        return leftOut(rel, PathNames.lastSlash(rel) + 1, directory);
    }

    private String leftOut(byte[] rel, int nameStart, boolean directory) {
        for (Glob g : excludes) {
            if ((directory || !g.directoryOnly()) && g.matches(rel, nameStart)) {
                return "--exclude '" + g + "'";
            }
        }
        if (directory || includes.isEmpty()) {
            return null;
        }
        for (Glob g : includes) {
            if (g.matches(rel, nameStart)) {
                return null;
            }
        }
        return "no --include matches";
    }
}
