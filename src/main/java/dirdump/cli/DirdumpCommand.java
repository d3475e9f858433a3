package dirdump.cli;

import dirdump.outcome.StopRequest;
import dirdump.outcome.Units;
import dirdump.proc.StopOnSignal;
import dirdump.read.DefaultJobs;
import dirdump.read.FileRange;
import dirdump.read.IoPriority;
import dirdump.read.ReadMethod;
import dirdump.report.HumanSummary;
import dirdump.report.JsonSummary;
import dirdump.report.ReadProgress;
import dirdump.report.RunRecord;
import dirdump.report.StderrReporter;
import dirdump.run.OrderedFilesSettings;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dirdump [OPTIONS] PATH...}: list, order, read, report. */
@Command(name = "dirdump",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
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
            ""},
        exitCodeListHeading = "%nExit status:%n",
        footerHeading = "%nExamples:%n",
        footer = {
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
            "  dirdump --exclude .git --include '**/*.parquet' --min-size 1M /data/set"})
public final class DirdumpCommand implements Callable<Integer> {
    /** Chosen by measurement (docs/performance.md, "Buffer size"): larger buffers gained nothing on a warm cache. */
    static final String DEFAULT_BUFFER = "256k";
    /** Off: it gains nothing measurable over readers that open their own files (docs/performance.md, "Reads in flight"). */
    static final int DEFAULT_PREFETCH = 0;

    final InputStream in;
    /** The --replay snapshot, once loaded. */
    private Replay replayed;
    final PrintStream out;
    final PrintStream err;

    @Spec
    CommandSpec spec;

    /**
     * The subcommands, in the order --help lists them. Not in the annotation: picocli builds the model
     * of every subcommand it is given (about a third of a start, docs/performance.md "Start-up"), so they are added
     * only to a command line that may name one ({@link #mayNameSubcommand}).
     */
    public static final List<Class<?>> SUBCOMMANDS = List.of(OrderCommand.class, StatusCommand.class,
            EvictCommand.class, LockCommand.class, RunCommand.class, BenchCommand.class, HelpCommand.class);

    /** The subcommands' names. */
    public static final List<String> SUBCOMMAND_NAMES = SUBCOMMANDS.stream()
            .map(c -> c.getAnnotation(Command.class).name()).toList();

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

    /** Optional here so that a subcommand can stand in its place; required when none does (or --files-from). */
    @Parameters(paramLabel = "PATH", arity = "0..*", description = "Directories to walk and files to read.")
    List<String> paths;

    @Mixin
    WalkOptions walk;

    @Mixin
    ListOptions list;

    @Option(names = "--buffer-size", paramLabel = "SIZE", converter = SizeConverter.class,
            defaultValue = DEFAULT_BUFFER,
            description = "Read buffer, reused for every file (64k, 1M, 1MiB; default ${DEFAULT-VALUE}).")
    int bufferSize;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "Readers, each with its own buffer, taking files in order: up to N reads in flight "
                    + "(default " + DefaultJobs.NON_ROTATING + " on solid-state and virtual disks, "
                    + DefaultJobs.ROTATING + " on rotating disks).")
    Integer jobs;

    @Option(names = "--method", paramLabel = "METHOD",
            description = "read (default): copy every byte through the buffer; willneed: ask the kernel to "
                    + "fetch each file (posix_fadvise WILLNEED) without copying. The kernel's reads for willneed "
                    + "happen after it returns: a read that fails there is reported by the next status or run, "
                    + "not by this one.")
    ReadMethod method = ReadMethod.READ;

    @Option(names = "--prefetch", paramLabel = "N",
            description = "With several readers, two openers open files and queue their first read up to N "
                    + "files ahead of the readers (default ${DEFAULT-VALUE}: off).")
    int prefetch = DEFAULT_PREFETCH;

    @Option(names = "--force", description = "Read every file, also those already entirely in the page cache.")
    boolean force;

    @Option(names = "--range", paramLabel = "START-END", converter = RangeConverter.class,
            description = "Only these bytes of each file, as vmtouch -p: 0-1G (the first GiB: END is not read), "
                    + "-4M (the last 4 MiB), 4M- (from 4 MiB on); in whole pages.")
    FileRange range;

    @Option(names = "--max-bytes", paramLabel = "SIZE", converter = SizeConverter.FileSize.class,
            description = "Stop once SIZE bytes have been brought in (read or advised; cached ones do not count), "
                    + "in the run's order, so that what was read stays cached; at most one file is cut short, and the summary names it; exit 0: the bound was asked for.")
    Long maxBytes;

    @Option(names = "--replay", paramLabel = "FILE",
            description = "Warm the pages that a snapshot of dirdump status --save recorded (-: standard input), "
                    + "in the order for the device, leaving out what is cached; in place of PATHs. Files gone since "
                    + "are counted, not errors. FILE must be a regular file (a FIFO, a device or a link is refused "
                    + "unopened); a name that could lead out of its root (.., a leading /) is refused, an error.")
    String replay;

    @Option(names = "--seek-distance", description = "After the read, locate every file and add the seek distance "
            + "of the order, and of directory order, to the summary (in time not counted in its seconds).")
    boolean seekDistance;

    @Option(names = "--bwlimit", paramLabel = "RATE", converter = RateConverter.class,
            description = "Read at most RATE bytes a second, all readers together (50M, 50M/s, 500KiB/s).")
    long bwlimit;

    @Option(names = "--ionice", paramLabel = "CLASS", completionCandidates = IoniceClasses.class,
            description = "I/O priority of the readers: idle, or best-effort[:0-7] (0 highest, default 4).")
    String ionice;

    @Option(names = "--progress", negatable = true,
            description = "Show the progress line on a terminal also with -q or -v; --no-progress: never (default: "
                    + "when stderr is a terminal, without -q and -v; never into a file or a pipe).")
    Boolean progress;

    @Mixin
    OutputOptions output;

    /** What --ionice completes to; a level (best-effort:0 to 7) is typed after the class. */
    static final class IoniceClasses extends ArrayList<String> {
        IoniceClasses() {
            super(List.of("idle", "best-effort"));
        }
    }

    public DirdumpCommand(InputStream in, PrintStream out, PrintStream err) {
        this.in = in;
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
        StopRequest stop = new StopRequest();
        try (StopOnSignal signals = new StopOnSignal(stop)) {
            RunRecord record = new RunRecord("read", paths, Host::name);
            StderrReporter reporter = new StderrReporter(err, output.verbosity());
            validate(paths, walk);
            ReadResult result = new ReadRun(walk.select(paths, in, list.nul), readSettings()).run(reporter, stop,
                    progress(reporter, true));
            if (output.json) {
                JsonSummary.print(result, settings(record, result).json(reporter), out);
            } else if (output.verbosity() != StderrReporter.Verbosity.QUIET) {
                HumanSummary.print(result, err);
            }
            return result.exit().status;
        }
    }

    /** The walk and order of this command's PATHs and --files-from, for bench's variants. */
    OrderedFilesSettings selectSettings() {
        return walk.select(paths, in, list.nul);
    }

    /** The read as the options resolve it; {@link #validate} first. */
    ReadSettings readSettings() {
        return new ReadSettings(bufferSize, jobs, method, prefetch, force, range, maxBytes, bwlimit,
                ionice == null ? null : IoPriority.parse(ionice), seekDistance,
                output.json || output.verbosity() != StderrReporter.Verbosity.QUIET, replayed);
    }

    /**
     * The progress line where one is wanted: on a terminal, by --progress or by default without -q and
     * -v; {@code allowed}: false where another program's output shares the terminal. Never into a file
     * or a pipe, whatever the options: carriage returns and escapes would be left there.
     */
    ReadRun.Progress progress(StderrReporter reporter, boolean allowed) {
        boolean show = allowed && (progress != null ? progress : output.verbosity() == StderrReporter.Verbosity.NORMAL)
                && Terminal.stderrIsTerminal();
        return show ? ReadProgress.on(reporter, Terminal::columns) : null;
    }

    /** The resolved settings of the read, for its JSON record. */
    private RunRecord settings(RunRecord record, ReadResult result) {
        walk.describe(record);
        return record.setting("method", method.key()).setting("readers", result.readers())
                .setting("buffer_size", bufferSize).setting("prefetch", prefetch).setting("force", force)
                .setting("bwlimit", bwlimit == 0 ? null : bwlimit).setting("ionice", ionice)
                .setting("seek_distance", seekDistance).setting("range", range == null ? null : rangeText())
                .setting("max_bytes", maxBytes).setting("replay", replay);
    }

    /** Refuses what picocli cannot (values out of range, orders that contradict), before the walk, which can be long. */
    void validate(List<String> paths, WalkOptions walk) {
        refuseMistypedCommand(paths);
        if (jobs != null && jobs < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be 1 or more");
        }
        if (prefetch < 0) {
            throw new ParameterException(spec.commandLine(), "--prefetch must be 0 or more");
        }
        if (ionice != null && IoPriority.parse(ionice) == null) {
            throw new ParameterException(spec.commandLine(), "--ionice takes idle, best-effort or best-effort:0 to 7");
        }
        walk.orderSettings();  // each throws on a contradiction
        walk.settings();
        refuseBuffersBeyondMemory();
        if (maxBytes != null && maxBytes == 0) {
            throw new ParameterException(spec.commandLine(), "--max-bytes must be more than 0");
        }
        if (replay != null) {
            loadReplay(paths, walk);
        }
    }

    /** The snapshot is read whole before the walk: one that cannot be read is a usage error. */
    private void loadReplay(List<String> paths, WalkOptions walk) {
        String with = paths != null && !paths.isEmpty() ? "PATHs" : walk.filesFrom != null ? "--files-from"
                : range != null ? "--range" : null;
        if (with != null) {
            throw new ParameterException(spec.commandLine(), "--replay takes no " + with
                    + ": the snapshot names the files and their pages");
        }
        // Bound now, for the snapshot; the walk tells of the java.nio fallback, if it comes to that.
        replayed = Replay.load(replay, RawArguments.bytes(replay), Os.load(warning -> { }), in,
                why -> new ParameterException(spec.commandLine(), why));
        walk.replayed = os -> replayed.list(RawArguments.bytes(replay));
    }

    /** The --range as given back for the JSON record: "0-1048576", "-4194304", "4194304-". */
    private String rangeText() {
        return range.fromEnd() ? "-" + range.end()
                : range.start() + "-" + (range.end() == Long.MAX_VALUE ? "" : Long.toString(range.end()));
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
     * the rest to the page cache they fill: --buffer-size 1G -j 64 would ask for 64 GiB.
     */
    private void refuseBuffersBeyondMemory() {
        if (method != ReadMethod.READ) {
            return;  // willneed copies nothing: no buffers
        }
        long readers = jobs != null ? jobs : DefaultJobs.NON_ROTATING;
        long buffers = readers * bufferSize;
        AvailableMemory.Bound room = AvailableMemory.now();
        if (buffers > room.bytes() / 2) {
            throw new ParameterException(spec.commandLine(), String.format(Locale.ROOT,
                    "--buffer-size %s for each of %d readers needs %s, more than half of the %s of memory there is "
                    + "(%s): give fewer --jobs or a smaller --buffer-size", Units.bytes(bufferSize), readers,
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
        if (paths != null && !paths.isEmpty()) {
            throw new ParameterException(sub.commandLine(),
                    "PATHs go after '" + sub.name() + "' (a directory named " + sub.name() + ": ./" + sub.name() + ")");
        }
        OptionsBefore.handOver(spec, sub, readOptions, hint);
    }
}
