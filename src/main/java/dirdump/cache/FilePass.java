package dirdump.cache;

import dirdump.scan.SequenceCursor;
import dirdump.outcome.Reporter;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The pass of status and evict: each listed file in sequence order opened through {@link FileOpener}
 * and worked on, on {@code threads} threads sharing one cursor. Each thread adds into its own part and
 * tally, so no lock is taken; they are added up once every thread is done.
 */
final class FilePass {
    /** What one thread does with each file once it is open and checked, adding into the thread's part. */
    @FunctionalInterface
    interface Work {
        void file(ListedFile f) throws SysException;
    }

    private FilePass() {
    }

    /**
     * The parts of all threads added up: {@code newPart} makes one, {@code add} adds a second into a
     * first, {@code work} makes a thread's work on its part. {@code use} ends the message about a file
     * left alone ("not measured"); {@code stop} ends the pass early (a signal), with the sum of the
     * files done.
     */
    static <P> P run(Os os, WalkResult walk, int[] sequence, Tally tally, Reporter reporter, FileOpener.Use use,
                     int threads, BooleanSupplier stop, Supplier<P> newPart, BiConsumer<P, P> add,
                     Function<P, Work> work) {
        List<P> parts = new ArrayList<>();
        List<Tally> tallies = new ArrayList<>();
        SequenceCursor.forEach(sequence, threads, stop, () -> {
            FileOpener opener = new FileOpener(os, walk, reporter, use);
            P part = newPart.get();
            Tally counts = new Tally();
            parts.add(part);
            tallies.add(counts);
            ListedFile inHand = new ListedFile(opener);
            Work onPart = work.apply(part);
            // one a thread, not a file
            FileOpener.Action action = (f, file, st) -> onPart.file(inHand.take(f, file, st));
            return f -> opener.use(f, counts, action);
        });
        P total = newPart.get();
        parts.forEach(p -> add.accept(total, p));
        tallies.forEach(tally::add);
        return total;
    }
}
