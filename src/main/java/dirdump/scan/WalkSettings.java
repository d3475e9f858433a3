package dirdump.scan;

/**
 * How to walk: {@code follow} symbolic links (-L), stay on each PATH's file system (-x), and go at
 * most {@code maxDepth} levels below a PATH (a file directly in PATH is at depth 1).
 */
public record WalkSettings(boolean follow, boolean oneFileSystem, int maxDepth) {
}
