package dirdump.scan;

/**
 * How to walk: {@code follow} symbolic links (-L), stay on each PATH's file system (-x), go at most
 * {@code maxDepth} levels below a PATH (a file directly in PATH is at depth 1), and leave out what
 * {@code filter} says (--include, --exclude).
 */
public record WalkSettings(boolean follow, boolean oneFileSystem, int maxDepth, PathFilter filter) {
}
