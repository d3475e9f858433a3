package dirdump.bench;

import dirdump.cache.PageTotals;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs the variants round after round, interleaved (A B C A B C ...), so that a slow spell of the
 * machine hits every variant alike, and prepares the cache before each run.
 */
public final class BenchRounds {
    private BenchRounds() {
    }

    /**
     * {@code notes}: what the caller has to say already (a variant left out). {@code stop}: ends bench
     * early (a signal): the run it cuts short is left out, and the results are of the runs before.
     */
    public static BenchResults run(List<Variant> variants, FileSet files, CachePrep prep, RunHooks hooks, int rounds,
                                   List<String> notes, Machine machine, Reporter reporter, StopRequest stop)
            throws IOException {
        if (prep == CachePrep.NONE) {
            // One untimed round caches what every variant reads, a command's own program included.
            for (int i = 0; i < variants.size() && !stop.stopped(); i++) {
                variants.get(i).run();
            }
        } else {
            files.sync();  // files just written are dirty, and eviction drops clean pages only
        }
        List<List<TimedRun>> runs = new ArrayList<>();
        variants.forEach(v -> runs.add(new ArrayList<>()));
        boolean warned = false;
        int stoppedIn = 0;
        for (int round = 1; round <= rounds && stoppedIn == 0; round++) {
            for (int i = 0; i < variants.size(); i++) {
                Variant v = variants.get(i);
                TimedRun run = run(v, round, prep, hooks, files, stop);
                if (run == null) {
                    stoppedIn = round;
                    break;
                }
                runs.get(i).add(run);
                reporter.progress(progress(run, rounds, v));
                if (!run.endedWell()) {
                    reporter.warning("round " + round + ": " + v.label() + ": " + run.outcome().failure());
                }
                if (!warned && run.cache() != prep.asked && run.cache() != CacheState.UNKNOWN) {
                    reporter.warning(offWarning(run, prep, v));
                    warned = true;
                }
            }
        }
        List<VariantResult> results = new ArrayList<>();
        List<String> notRun = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            if (runs.get(i).isEmpty()) {
                notRun.add(variants.get(i).label());
            } else {
                results.add(new VariantResult(variants.get(i), runs.get(i), runs.get(0), prep.asked));
            }
        }
        List<String> allNotes = new ArrayList<>(notes);
        if (stoppedIn > 0) {
            allNotes.add(String.format(Locale.ROOT, "stopped by %s in round %d of %d: the results are of the runs "
                    + "before it (the run it cut short is left out)%s", stop.signalName(), stoppedIn, rounds,
                    notRun.isEmpty() ? "" : "; left out, with no run done: " + String.join(", ", notRun)));
        }
        if (results.stream().anyMatch(r -> r.runsOff > 0)) {
            allNotes.add(prep.asked == CacheState.COLD
                    ? "marked \"not cold\": runs that started with more than 1 % of the files' pages still cached "
                        + "after eviction, so their figures are (partly) warm"
                    : "marked \"not warm\": runs that started with less than 99 % of the files' pages cached");
        }
        if (results.stream().anyMatch(r -> r.failedRuns > 0)) {
            allNotes.add("marked \"failed\": runs of a dirdump read that could not read every file (errors on stderr) "
                    + "or read none, or of a command that exited with a status other than 0 or ran out of time; "
                    + "their times count in no figure, and a variant whose every run failed has no bar");
        }
        return new BenchResults(results, prep, rounds, files.files(), files.bytes(), allNotes,
                stoppedIn > 0 ? stop.signalName() : null, stoppedIn > 0 ? stop.signal() : 0, machine);
    }

    /**
     * One run, on the cache made ready for it, between --prepare and --conclude; null if a signal came
     * before it ended: it measures nothing.
     */
    private static TimedRun run(Variant v, int round, CachePrep prep, RunHooks hooks, FileSet files, StopRequest stop)
            throws IOException {
        System.gc();  // the last run's garbage, collected now rather than in this run's time
        PageTotals before = prep.before(files);
        if (stop.stopped() || !hooks.prepare(v, round, stop)) {
            return null;
        }
        RunOutcome outcome = v.run();
        if (stop.stopped() || !hooks.conclude(v, round, stop)) {
            return null;
        }
        return new TimedRun(round, outcome, PageTotals.percent(before.residentPages(), before.pages()), CacheState.of(before));
    }

    /** "round 1 of 3: dirdump --nosort -j1: 0.412 s, 19.9 MiB/s; 0.0 % of the pages cached before". */
    private static String progress(TimedRun run, int rounds, Variant v) {
        return String.format(Locale.ROOT, "round %d of %d: %s: %.3f s, %.1f MiB/s; %s", run.round(), rounds, v.label(),
                run.seconds(), run.mebibytesPerSecond(), run.residentPercent() == null
                        ? "residency unknown" : String.format(Locale.ROOT, "%.1f %% of the pages cached before",
                        run.residentPercent()));
    }

    private static String offWarning(TimedRun run, CachePrep prep, Variant v) {
        String before = String.format(Locale.ROOT, "%.1f %% of the files' pages", run.residentPercent());
        if (prep.asked == CacheState.COLD) {
            return before + " were still cached after eviction when " + v.label() + " started (round " + run.round()
                    + "): its figures are warm, not cold. tmpfs and ramfs pages are the files themselves and cannot "
                    + "be evicted; pages a process maps or locks stay; and another process may be reading the files. "
                    + "Such runs are marked in the results.";
        }
        return "only " + before + " were cached when " + v.label() + " started (round " + run.round() + "): its "
                + "figures are partly cold, not warm: something emptied the cache (another benchmark's drop_caches, "
                + "memory pressure). Such runs are marked in the results.";
    }
}
