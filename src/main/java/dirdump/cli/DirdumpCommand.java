package dirdump.cli;

import dirdump.outcome.StopRequest;
import dirdump.outcome.Units;
import dirdump.proc.StopOnSignal;
import dirdump.read.DefaultReaders;
import dirdump.read.FileRange;
import dirdump.read.IoPriority;
import dirdump.read.ReadBounds;
import dirdump.read.ReadMethod;
import dirdump.read.Readers;
import dirdump.read.Reading;
import dirdump.read.Wanted;
import dirdump.report.FollowSummary;
import dirdump.report.HumanSummary;
import dirdump.report.JsonSummary;
import dirdump.report.ReadProgress;
import dirdump.report.RecordSchema;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.ExitCode;
import dirdump.run.FileSelection;
import dirdump.run.Following;
import dirdump.run.ReadResult;
import dirdump.run.ReadRun;
import dirdump.run.ReadSettings;
import dirdump.run.Replay;
import dirdump.sys.AvailableMemory;
import dirdump.sys.Host;
import dirdump.sys.Os;
import dirdump.sys.Terminal;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@code dirdump [OPTIONS] PATH...}: list, order, read, report. */
public final class DirdumpCommand implements Callable<Integer> {
    /** Chosen by measurement (docs/performance.md, "Buffer size"): larger buffers gained nothing on a warm cache. */
    static final String DEFAULT_BUFFER = "256k";
    /** Off: it gains nothing measurable over readers that open their own files (docs/performance.md, "Reads in flight"). */
    static final int DEFAULT_PREFETCH = 0;

    private static final String[] DESCRIPTION = {
        "Reads every regular file under each PATH to its end, in the order the disk stores them "
            + "(physical order on rotating disks, inode order on others), to pull the files into the page "
            + "cache as fast as the storage allows.",
        "FIFOs, sockets, devices and symbolic links are skipped; a file with several hard links is read once; "
            + "a file whose every page is in the page cache already is skipped unless --force, once its "
            + "cached pages are read from memory: a file whose cached pages cannot be (a read of them failed: "
            + "an I/O error) is an error, not skipped. "
            + "Nothing read is ever written to, and access times are left alone where the kernel allows.",
        "Before a command's name (dirdump --include '*.h5' status DIR), the walk options and -0, -q, -v, --json "
            + "apply to that command if it has them, as after its name (not in both places); other options there "
            + "are a usage error, but for the read options of run.",
        ""};

    private static final String[] FOOTER = {
        "  dirdump /data/set                warm it in the order that suits its disk",
        "  dirdump /data/set --nosort       the same in directory order, to compare",
        "  dirdump -q --json /data/set      for cron: errors on stderr, JSON on stdout",
        "  dirdump order --stats /data/set  the order and seek distance; nothing read",
        "  dirdump order -0 /data/set | xargs -0 ls -ld",
        "  dirdump status -v /data/set      how much of each file is cached",
        "  dirdump evict /data/set          drop it from the page cache again",
        "  dirdump --range 0-1M /data/set   only the first MiB of each file",
        "  dirdump status --save s /data/set    save which pages are cached now",
        "  dirdump --replay s               warm those pages back, after a reboot",
        "  dirdump bench /data/set          compare read orders from a cold cache",
        "  dirdump --ionice idle --bwlimit 50M /data/set    gently, on a busy machine",
        "  find /data/set -name '*.h5' -print0 | dirdump --files-from - -0",
        "  dirdump --exclude .git --include '**/*.parquet' --min-size 1M /data/set"};

    /** What --ionice completes to; a level (best-effort:0 to 7) is typed after the class. */
    private static final List<String> IONICE_CLASSES = List.of("idle", "best-effort");

    /**
     * The subcommands' names, in the order --help lists them (each command's model is named by its
     * own NAME); help is picocli's.
     */
    public static final List<String> SUBCOMMAND_NAMES = List.of(OrderCommand.NAME, StatusCommand.NAME,
            EvictCommand.NAME, LockCommand.NAME, RunCommand.NAME, BenchCommand.NAME, "help");

    final InputStream in;
    /** The --replay snapshot, once loaded. */
    private Replay replayed;
    final PrintStream out;
    final PrintStream err;

    /** Optional here so that a subcommand can stand in its place; required when none does (or --files-from). */
    final Value<List<String>> paths = new Value<>(null);
    final WalkOptions walk = new WalkOptions();
    final ListOptions list = new ListOptions();
    private final Value<Integer> bufferSize = new Value<>(0);
    private final Value<Integer> jobs = new Value<>(null);
    private final Value<ReadMethod> method = new Value<>(ReadMethod.READ);
    private final Value<Integer> prefetch = new Value<>(DEFAULT_PREFETCH);
    private final Value<Integer> depth = new Value<>(null);
    private final Value<Boolean> force = new Value<>(false);
    private final Value<FileRange> range = new Value<>(null);
    private final Value<MaxBytesConverter.MaxBytes> maxBytes = new Value<>(null);
    private final Value<String> replay = new Value<>(null);
    private final Value<Boolean> seekDistance = new Value<>(false);
    private final Value<Long> bwlimit = new Value<>(0L);
    private final Value<String> ionice = new Value<>(null);
    private final Value<Boolean> progress = new Value<>(null);
    private final Value<Boolean> jsonSchema = new Value<>(false);
    private final Value<Boolean> follow = new Value<>(false);
    final OutputOptions output = new OutputOptions();

    /** The read command's model, with these values bound to it. */
    final CommandSpec spec;

    public DirdumpCommand(InputStream in, PrintStream out, PrintStream err) {
        this.in = in;
        this.out = out;
        this.err = err;
        spec = CommandSpecs.of(this, "dirdump", DESCRIPTION, FOOTER);
        spec.addPositional(CommandSpecs.words(paths, "PATH", "0..*", "Directories to walk and files to read."));
        walk.addTo(spec);
        list.addTo(spec);
        spec.addOption(bufferSize.option(int.class, "--buffer-size").paramLabel("SIZE").converters(new SizeConverter())
                .defaultValue(DEFAULT_BUFFER)
                .description("Read buffer, reused for every file (64k, 1M, 1MiB; default ${DEFAULT-VALUE}).").build());
        spec.addOption(jobs.option(Integer.class, "-j", "--jobs").paramLabel("N")
                .description("Readers, each with its own buffer, taking files in order: up to N reads in flight "
                    + "(default " + DefaultReaders.NON_ROTATING + " on solid-state and virtual disks, each with "
                    + DefaultReaders.RING_DEPTH + " reads in flight (--depth); on rotating disks "
                    + DefaultReaders.ONE_SWEEP + " where physical order reads the files in one sweep, else "
                    + DefaultReaders.ROTATING + ", one read each).").build());
        spec.addOption(depth.option(Integer.class, "--depth").paramLabel("D")
                .description("Each reader keeps up to D files in flight, their opens, reads and closes "
                    + "submitted together through io_uring, with a buffer for each (0: one read at a time, as with -j given; the "
                    + "default on solid-state and virtual disks: " + DefaultReaders.RING_DEPTH + "). Where the "
                    + "kernel refuses io_uring (a seccomp filter, kernel.io_uring_disabled), one read at a "
                    + "time.").build());
        spec.addOption(method.option(ReadMethod.class, "--method").paramLabel("METHOD")
                .description("read (default): copy every byte through the buffer; willneed: ask the kernel to "
                    + "fetch each file (posix_fadvise WILLNEED) without copying. The kernel's reads for willneed "
                    + "happen after it returns: a read that fails there is reported by the next status or run, "
                    + "not by this one.").build());
        spec.addOption(prefetch.option(int.class, "--prefetch").paramLabel("N")
                .description("With several readers, two openers open files and queue their first read up to N "
                    + "files ahead of the readers (default ${DEFAULT-VALUE}: off).").build());
        spec.addOption(force.option(boolean.class, "--force")
                .description("Read every file, also those already entirely in the page cache.").build());
        spec.addOption(range.option(FileRange.class, "--range").paramLabel("START-END").converters(new RangeConverter())
                .description("Only these bytes of each file, as vmtouch -p: 0-1G (the first GiB: END is not read), "
                    + "-4M (the last 4 MiB), 4M- (from 4 MiB on); in whole pages.").build());
        spec.addOption(maxBytes.option(MaxBytesConverter.MaxBytes.class, "--max-bytes").paramLabel("SIZE|auto")
                .converters(new MaxBytesConverter()).completionCandidates(List.of(MaxBytesConverter.AUTO))
                .description("Stop once SIZE bytes have been brought in (read or advised; cached ones do not count), "
                    + "in the run's order, so that what was read stays cached; at most one file is cut short, and the summary names it; exit 0: the bound was asked for. "
                    + "auto: as much as the page cache can hold when the read starts without evicting anything (the least "
                    + "room the memory cgroups' limits or MemAvailable leave), which the summary names.")
                .build());
        spec.addOption(replay.option(String.class, "--replay").paramLabel("FILE")
                .description("Warm the pages that a snapshot of dirdump status --save recorded (-: standard input), "
                    + "in the order for the device, leaving out what is cached; in place of PATHs. Files gone since "
                    + "are counted, not errors. FILE must be a regular file (a FIFO, a device or a link is refused "
                    + "unopened); a name that could lead out of its root (.., a leading /) is refused, an error.")
                .build());
        spec.addOption(seekDistance.option(boolean.class, "--seek-distance")
                .description("After the read, locate every file and add the seek distance "
                    + "of the order, and of directory order, to the summary (in time not counted in its seconds).")
                .build());
        spec.addOption(bwlimit.option(long.class, "--bwlimit").paramLabel("RATE").converters(new RateConverter())
                .description("Read at most RATE bytes a second, all readers together (50M, 50M/s, 500KiB/s).").build());
        spec.addOption(ionice.option(String.class, "--ionice").paramLabel("CLASS").completionCandidates(IONICE_CLASSES)
                .description("I/O priority of the readers: idle, or best-effort[:0-7] (0 highest, default 4).").build());
        spec.addOption(progress.option(Boolean.class, "--progress").negatable(true)
                .description("Show the progress line on a terminal also with -q or -v; --no-progress: never (default: "
                    + "when stderr is a terminal, without -q and -v; never into a file or a pipe).").build());
        spec.addOption(follow.option(boolean.class, "--watch")
                .description("After the read, keep the tree warm until SIGINT, SIGTERM or SIGHUP: inotify on every "
                    + "directory below each directory PATH; a new, grown or replaced file is read as it changes.")
                .build());
        output.addTo(spec);
        spec.addOption(jsonSchema.option(boolean.class, "--json-schema")
                .description("Print the JSON Schema of every command's --json record and exit (installed as /usr/"
                    + RecordSchema.INSTALLED + ").").build());
        CommandSpecs.addStandardHelp(spec);
    }

    /**
     * The subcommands' models, in the order --help lists them, with picocli's help. Built only for a
     * command line that may name one ({@link #mayNameSubcommand}): each model built is time at every
     * start (docs/performance.md "Start-up").
     */
    List<Object> subcommands() {
        return List.of(new OrderCommand(this).spec, new StatusCommand(this).spec, new EvictCommand(this).spec,
                new LockCommand(this).spec, new RunCommand(this).spec, new BenchCommand(this).spec, new HelpCommand());
    }

    /**
     * Whether picocli could take a word of {@code args} for a subcommand, or show the list of them
     * (--help): only then are they added to the command line. Elsewhere the parse is the same without
     * them, since picocli knows a subcommand only by its exact name.
     */
    public static boolean mayNameSubcommand(String[] args) {
        for (String a : args) {
            if (a.equals("--")) {
                return false;
            }
            if (SUBCOMMAND_NAMES.contains(a) || a.equals("-h") || a.equals("--help")) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Integer call() {
        if (jsonSchema.value()) {
            RecordSchema.print(out);
            return ExitCode.OK.status;
        }
        StopRequest stop = new StopRequest();
        StderrReporter reporter = new StderrReporter(err, output.verbosity());
        try (StopOnSignal signals = new StopOnSignal(stop, reporter)) {
            RunRecord record = new RunRecord("read", paths.value(), Host::name);
            validate(paths.value(), walk);
            Following[] following = {null};
            String[] refused = {null};
            ReadResult result = new ReadRun(readSettings(selection())).run(reporter, stop,
                    progress(reporter, true), files -> {
                        if (follow.value() && !stop.stopped()) {
                            try {
                                following[0] = Following.warm(files, reporter);
                            } catch (Following.Refused e) {
                                refused[0] = e.getMessage();
                            }
                        }
                    });
            if (output.json.value()) {
                JsonSummary.print(result, settings(record, result).json(reporter), out);
            } else if (output.verbosity() != StderrReporter.Verbosity.QUIET) {
                HumanSummary.print(result, err);
            }
            if (refused[0] != null) {
                reporter.problem(refused[0]);
                return ExitCode.CANNOT_FOLLOW.status;
            }
            return following[0] == null ? result.exit().status : follow(following[0], result, stop, signals, reporter, record);
        }
    }

    /** dirdump --watch after its read: the tree kept warm until a signal, the read's normal end. */
    private int follow(Following following, ReadResult result, StopRequest stop, StopOnSignal signals,
                       StderrReporter reporter, RunRecord record) {
        try (following) {
            if (output.verbosity() != StderrReporter.Verbosity.QUIET && !output.json.value()) {
                FollowSummary.following(ProcessHandle.current().pid(), err);
            }
            following.follow(stop);
            signals.holding();
            if (output.verbosity() != StderrReporter.Verbosity.QUIET && !output.json.value()) {
                FollowSummary.followed(following, stop.signalName(), err);
            }
            int status = following.status(result.exit().status);
            if (output.json.value()) {
                FollowSummary.json(following, stop.signalName(), status, record.json(reporter), out);
            }
            return status;
        }
    }

    /** Whether --watch was given (before a subcommand, where it does not apply). */
    boolean follows() {
        return follow.value();
    }

    /** The files of this command's PATHs and --files-from, in their order. */
    FileSelection selection() {
        return walk.selection(paths.value(), in, list.nul.value());
    }

    /**
     * The read of {@code selection} as the read options resolve it, the one place they are turned
     * into settings; {@link #validate} first. The residency after the read is measured only for a
     * summary that shows it.
     */
    ReadSettings readSettings(FileSelection selection) {
        Readers readers = new Readers(jobs.value(), bufferSize.value(), prefetch.value(),
                ionice.value() == null ? null : IoPriority.parse(ionice.value()), depth.value());
        FileRange part = range.value();
        Wanted wanted = replayed != null ? replayed : part != null ? (path, st) -> part.in(st.size) : Wanted.WHOLE;
        Reading reading = Reading.of(method.value(), readers).withWanted(wanted).withForce(force.value())
                .withMeasureAfter(output.json.value() || output.verbosity() != StderrReporter.Verbosity.QUIET);
        MaxBytesConverter.MaxBytes bound = maxBytes.value();
        ReadBounds limits = new ReadBounds(bwlimit.value(),
                bound == null || bound.auto() ? null : bound.bytes(), bound != null && bound.auto());
        return new ReadSettings(selection, reading, limits, seekDistance.value());
    }

    /**
     * The progress line where one is wanted: on a terminal, by --progress or by default without -q and
     * -v; {@code allowed}: false where another program's output shares the terminal. Never into a file
     * or a pipe, whatever the options: carriage returns and escapes would be left there.
     */
    ReadRun.Progress progress(StderrReporter reporter, boolean allowed) {
        boolean show = allowed && (progress.value() != null ? progress.value() : output.verbosity() == StderrReporter.Verbosity.NORMAL)
                && Terminal.stderrIsTerminal();
        return show ? ReadProgress.on(reporter, Terminal::columns) : null;
    }

    /** The resolved settings of the read, for its JSON record. */
    private RunRecord settings(RunRecord record, ReadResult result) {
        walk.describe(record);
        return record.setting("method", method.value().key()).setting("readers", result.readers())
                .setting("buffer_size", bufferSize.value()).setting("prefetch", prefetch.value())
                .setting("depth", result.depth()).setting("force", force.value())
                .setting("bwlimit", bwlimit.value() == 0 ? null : bwlimit.value()).setting("ionice", ionice.value())
                .setting("seek_distance", seekDistance.value()).setting("range", range.value() == null ? null : rangeText())
                .setting("max_bytes", maxBytes.value() == null ? null : maxBytes.value().auto() ? MaxBytesConverter.AUTO
                        : maxBytes.value().bytes()).setting("replay", replay.value());
    }

    /** Refuses what picocli cannot (values out of range, orders that contradict), before the walk, which can be long. */
    void validate(List<String> paths, WalkOptions walk) {
        refuseMistypedCommand(paths);
        if (jobs.value() != null && jobs.value() < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be 1 or more");
        }
        if (depth.value() != null && (depth.value() < 0 || depth.value() > DefaultReaders.MAX_DEPTH)) {
            throw new ParameterException(spec.commandLine(), "--depth must be 0 to " + DefaultReaders.MAX_DEPTH);
        }
        if (prefetch.value() < 0) {
            throw new ParameterException(spec.commandLine(), "--prefetch must be 0 or more");
        }
        if (ionice.value() != null && IoPriority.parse(ionice.value()) == null) {
            throw new ParameterException(spec.commandLine(), "--ionice takes idle, best-effort or best-effort:0 to 7");
        }
        walk.orderSettings();  // each throws on a contradiction
        walk.settings();
        refuseBuffersBeyondMemory();
        if (maxBytes.value() != null && !maxBytes.value().auto() && maxBytes.value().bytes() == 0) {
            throw new ParameterException(spec.commandLine(), "--max-bytes must be more than 0");
        }
        if (replay.value() != null) {
            loadReplay(paths, walk);
        }
    }

    /** The snapshot is read whole before the walk: one that cannot be read is a usage error. */
    private void loadReplay(List<String> paths, WalkOptions walk) {
        String with = paths != null && !paths.isEmpty() ? "PATHs" : walk.filesFrom.value() != null ? "--files-from"
                : range.value() != null ? "--range" : null;
        if (with != null) {
            throw new ParameterException(spec.commandLine(), "--replay takes no " + with
                    + ": the snapshot names the files and their pages");
        }
        // Bound now, for the snapshot; the walk tells of the java.nio fallback, if it comes to that.
        replayed = Replay.load(replay.value(), RawArguments.bytes(replay.value()), Os.load(warning -> { }), in,
                why -> new ParameterException(spec.commandLine(), why));
        walk.replayed = os -> replayed.list(RawArguments.bytes(replay.value()));
    }

    /** The --range as given back for the JSON record: "0-1048576", "-4194304", "4194304-". */
    private String rangeText() {
        return range.value().fromEnd() ? "-" + range.value().end()
                : range.value().start() + "-" + (range.value().end() == Long.MAX_VALUE ? "" : Long.toString(range.value().end()));
    }

    /**
     * "dirdump statu DIR" took "statu" for a PATH: if no such path exists and it is a command mistyped,
     * say so at once, not "No such file or directory" after the walk. A file named so is read.
     */
    private void refuseMistypedCommand(List<String> paths) {
        if (paths == null || paths.isEmpty()) {
            return;
        }
        String command = DidYouMean.closest(paths.get(0), SUBCOMMAND_NAMES);
        if (command != null && !mayExist(paths.get(0))) {
            throw new ParameterException(spec.commandLine(), "'" + paths.get(0) + "' is no command, and no such PATH "
                    + "exists; did you mean " + command + "?");
        }
    }

    /** Whether a PATH names something, or might: a name java.nio cannot encode is left to the walk. */
    private static boolean mayExist(String path) {
        try {
            return Files.exists(Path.of(path), LinkOption.NOFOLLOW_LINKS);
        } catch (InvalidPathException e) {
            return true;
        }
    }

    /**
     * The readers' buffers (one each, allocated at start) must fit in half the memory there is, leaving
     * the rest to the page cache they fill: --buffer-size 1G -j 64 would ask for 64 GiB. A reader with a
     * ring has a buffer for each read in flight.
     */
    private void refuseBuffersBeyondMemory() {
        if (method.value() != ReadMethod.READ) {
            return;  // willneed copies nothing: no buffers
        }
        long readers = jobs.value() != null ? jobs.value() : DefaultReaders.NON_ROTATING;
        long each = depth.value() != null ? Math.max(1, depth.value()) : jobs.value() != null ? 1 : DefaultReaders.RING_DEPTH;
        long buffers = Math.max(readers * each, jobs.value() != null ? 0 : DefaultReaders.ROTATING) * bufferSize.value();
        AvailableMemory.Bound room = AvailableMemory.now();
        if (buffers > room.bytes() / 2) {
            throw new ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "--buffer-size %s for each of %d buffers needs %s, more than half of the %s of memory there is "
                    + "(%s): give fewer --jobs, a lower --depth or a smaller --buffer-size", Units.bytes(bufferSize.value()),
                    buffers / bufferSize.value(),
                    Units.bytes(buffers), Units.bytes(room.bytes()), room.what()));
        }
    }

    /**
     * For a subcommand, first: what was given before its name went to this command, which does not run.
     * PATHs ("dirdump DIR order X") are refused; options are handed over or refused ({@link OptionsBefore});
     * {@code readOptions}: whether the subcommand reads with this command's read options (run), {@code hint}:
     * where they go otherwise, or null.
     */
    void beforeSubcommand(CommandSpec sub, boolean readOptions, String hint) {
        if (paths.value() != null && !paths.value().isEmpty()) {
            throw new ParameterException(sub.commandLine(),
                    "PATHs go after '" + sub.name() + "' (a directory named " + sub.name() + ": ./" + sub.name() + ")");
        }
        OptionsBefore.handOver(spec, sub, readOptions, hint);
    }
}
