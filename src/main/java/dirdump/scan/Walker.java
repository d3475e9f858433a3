package dirdump.scan;

import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.sys.FileType;
import dirdump.sys.Os;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.BitSet;

/**
 * Lists every file under the PATHs, then the files of a --files-from list, into one {@link WalkResult}.
 * It only composes the parts of the walk, each with one job: {@link Descent} walks a directory PATH
 * over checked directory handles, {@link NamedFiles} takes the files named by themselves (file PATHs,
 * list entries), {@link EntryFilter} says what is kept (--max-depth, --include/--exclude, the types
 * read), {@link LinkPolicy} which symbolic links are followed (-L; a PATH always, as -H), {@link
 * EntryOutcomes} tells and counts what is not listed, and {@link DeviceFileSystems} knows the file
 * system of each device met.
 *
 * <p>Only PATHs are resolved by name; everything below one is opened relative to a checked directory
 * handle, as each part says.
 */
public final class Walker {
    private final Os os;
    private final EntryOutcomes outcomes;
    private final WalkResultBuilder result;
    private final Descent descent;
    private final NamedFiles named;
    private BooleanSupplier stop = () -> false;
    private FirstNameStream stream;
    /** How many threads list directories ahead of the walk: 0 for none. */
    private int listers;
    /** The entries they hold at most, in all (ListAhead.MOST_ENTRIES). */
    private int listedAhead;

    public Walker(Os os, WalkSettings settings, Reporter reporter, Tally tally) {
        this(os, settings, reporter, tally, DirectoryHandles.capacityFor(os.descriptorLimit()));
    }

    /** {@code openDirectories}: how many directory handles stay open at most (tests make it small). */
    public Walker(Os os, WalkSettings settings, Reporter reporter, Tally tally, int openDirectories) {
        this.os = os;
        this.outcomes = new EntryOutcomes(reporter, tally);
        this.result = new WalkResultBuilder(os, openDirectories);
        EntryFilter filter = new EntryFilter(settings.filter(), settings.maxDepth(), outcomes);
        LinkPolicy links = new LinkPolicy(settings.follow(), outcomes);
        this.descent = new Descent(os, result, filter, new Descent.Crossing(links, settings.oneFileSystem()), outcomes);
        this.named = new NamedFiles(os, result, filter, links, outcomes);
    }

    /** Ends the walk early, with what was listed so far, once {@code stop} says so (a signal). */
    public Walker stopWhen(BooleanSupplier stop) {
        this.stop = stop;
        return this;
    }

    /** List entries that do not exist (ENOENT) are counted as gone since, as a --replay snapshot's are. */
    public Walker missingListedAreGone() {
        named.missingAreGone();
        return this;
    }

    /**
     * The files as the walk lists them, each file's first name once, for a pass that starts before the
     * walk ends (through {@link #inProgress}'s tables): every file in the sequence is in the tables for
     * good, and the sequence ends with the walk. Asked before the walk.
     */
    public ListedSequence stream() {
        stream = new FirstNameStream(inProgress(), outcomes);
        result.stream(stream);
        return stream.sequence();
    }

    /** The files {@link #stream} handed on (each file's first name), once the walk is over. */
    public BitSet streamed() {
        return stream.kept();
    }

    /**
     * Lists the directories the walk will take next in up to {@code threads} threads of their own (see
     * {@link ListAhead}): for a read that goes on meanwhile, whose reads would hold up the walk's.
     */
    public Walker listAhead(int threads) {
        return listAhead(threads, ListAhead.MOST_ENTRIES);
    }

    /** As {@link #listAhead(int)}, holding at most {@code mostEntries} entries listed ahead (a test makes it small). */
    Walker listAhead(int threads, int mostEntries) {
        this.listers = threads;
        this.listedAhead = mostEntries;
        return this;
    }

    /**
     * The walk's tables while it goes on, for the readers of the files it has told of (see {@link
     * #watch}): the same tables as the result {@link #walk} returns, without what only the end tells.
     */
    public WalkResult inProgress() {
        return new WalkResult(result, 0);
    }

    /**
     * Walks the PATHs (their bytes, as the command line gave them), then adds the files of {@code list}
     * (null if there is none).
     */
    public WalkResult walk(List<byte[]> paths, PathListReader list) {
        int unusable = 0;
        try (ListAhead ahead = listers > 0 ? new ListAhead(os, result.handles, listers, stop, listedAhead) : null) {
            descent.listAhead(ahead);
            for (byte[] operand : paths) {
                if (!stop.getAsBoolean() && !addOperand(operand)) {
                    unusable++;
                }
            }
        } finally {
            descent.listAhead(null);
        }
        if (list != null && !named.addList(list, stop)) {
            unusable++;
        }
        return result.build(unusable);
    }

    /**
     * A PATH is followed if it is a symbolic link, as coreutils and find -H do. It is stat'ed as given,
     * so that "FILE/" is refused (ENOTDIR) as the kernel refuses it. False if it cannot be used at all.
     */
    private boolean addOperand(byte[] operand) {
        byte[] path = NamedFiles.trimmed(operand);
        Stat st;
        try {
            st = os.stat(operand);
        } catch (SysException e) {
            outcomes.unusablePath(path, e);
            return false;
        }
        if (st.type() == FileType.DIRECTORY) {
            descent.walk(operand, path, stop);
        } else {
            named.addPath(path, st);
        }
        return true;
    }
}
