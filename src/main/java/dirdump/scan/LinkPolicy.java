package dirdump.scan;

import dirdump.outcome.SkipReason;
import dirdump.sys.FileType;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * Which symbolic links the walk follows, and what a link it cannot follow becomes. A PATH is followed,
 * as coreutils and find -H do; below it a link is followed only with -L, and so is a --files-from
 * entry, in its directory part too: a list is a program's output, such as find's, which names links
 * too. A link followed that ends nowhere is skipped; one that leads back into itself is a loop.
 */
record LinkPolicy(boolean follow, EntryOutcomes outcomes) {
    /** Whether an entry the walk lists with {@code listedType} is followed. */
    boolean follows(FileType listedType) {
        return listedType == FileType.SYMLINK && follow;
    }

    /** Whether a --files-from entry is followed, in its directory part too (-L). */
    boolean followsListed() {
        return follow;
    }

    /** A link followed whose target cannot be had: a loop, or a dangling link, with nothing to read behind it. */
    void notFollowed(byte[] path, SysException e) {
        if (e.isSymbolicLink()) {
            outcomes.loop(path);
        } else {
            outcomes.skip(path, SkipReason.SYMLINK);
        }
    }

    /** A directory reached through a link that is {@code d} itself or one of its ancestors: a loop. */
    boolean loops(FoundDirectories dirs, int d, Stat directory, boolean throughLink) {
        return throughLink && dirs.onPath(d, directory.dev, directory.ino);
    }
}
