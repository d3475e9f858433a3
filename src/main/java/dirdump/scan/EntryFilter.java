package dirdump.scan;

import dirdump.outcome.SkipReason;
import dirdump.sys.FileType;

/**
 * What of the tree is kept: directories walked down to --max-depth, the entries --include and
 * --exclude leave in (see {@link PathFilter}), and of those only regular files to read and directories
 * to walk; what is left out by depth, a pattern or its type is told and counted.
 */
record EntryFilter(PathFilter patterns, int maxDepth, EntryOutcomes outcomes) {
    /**
     * Whether the directory {@code path}, {@code depth} levels below its PATH (0: the PATH itself), is
     * left unwalked because what is in it lies deeper than --max-depth: told and counted as filtered (a
     * directory PATH with --max-depth 0, as find's -maxdepth 0, reads nothing).
     */
    boolean tooDeepToWalk(byte[] path, int depth) {
        if (depth < maxDepth) {
            return false;
        }
        outcomes.filtered(path, SkipReason.DEPTH, "--max-depth " + maxDepth);
        return true;
    }

    /** Where the path relative to d's PATH starts in d's path (its length for the PATH itself): what patterns match. */
    static int relativeStart(FoundDirectories dirs, int d, byte[] dirPath) {
        byte[] rootPath = dirs.name(dirs.root(d));
        boolean slash = rootPath.length > 0 && rootPath[rootPath.length - 1] == '/';
        return Math.min(dirPath.length, rootPath.length + (slash ? 0 : 1));
    }

    /**
     * Whether the entry {@code name} of the walked directory {@code dirPath} is left out by a pattern
     * (told and counted); its path relative to the PATH starts at {@code relStart} of {@code dirPath}.
     */
    boolean leftOut(byte[] dirPath, int relStart, byte[] name, FileType type) {
        return patterns != PathFilter.NONE && leftOutByPattern(dirPath, relStart, name, type);  // small: inlined in the loop
    }

    private boolean leftOutByPattern(byte[] dirPath, int relStart, byte[] name, FileType type) {
        String why = patterns.leftOut(dirPath, relStart, name, type == FileType.DIRECTORY);
        if (why == null) {
            return false;
        }
        outcomes.filtered(FoundDirectories.join(dirPath, name), SkipReason.PATTERN, why);
        return true;
    }

    /** The same for a file named by itself (a file PATH, a --files-from entry), by its path as given. */
    boolean leftOutNamed(byte[] path, FileType type) {
        String why = patterns.leftOutNamed(path, type == FileType.DIRECTORY);
        if (why == null) {
            return false;
        }
        outcomes.filtered(path, SkipReason.PATTERN, why);
        return true;
    }

    /**
     * An entry neither read nor walked, counted by its type: a directory here is one named by itself,
     * which is not walked (find lists every directory as well as the files in it).
     */
    void notRead(byte[] path, FileType type) {
        outcomes.skip(path, type == FileType.DIRECTORY ? SkipReason.LISTED_DIRECTORY : SkipReason.forType(type));
    }
}
