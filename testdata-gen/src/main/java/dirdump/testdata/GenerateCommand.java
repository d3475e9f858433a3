package dirdump.testdata;

import dirdump.cli.SizeConverter;
import dirdump.cli.VersionProvider;
import dirdump.run.ExitCode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code testdata-gen OUT ...}: plan the tree from the seed, check OUT, write, summarize. */
@Command(name = "testdata-gen",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Writes a tree of many small files of random content under OUT, for measuring how fast dirdump "
                + "(or anything else) reads them. The same arguments give the same tree, byte for byte: names, "
                + "sizes and contents. Files are created in a shuffled order across all directories, so that "
                + "name order, directory order and inode order all differ, as on a file system that has aged.",
            ""},
        exitCodeListHeading = "%nExit status:%n",
        footerHeading = "%nExamples:%n",
        footer = {
            "  testdata-gen /data/flat --preset flat   the original set: 57,000 files, 100 B to 20 KB",
            "  testdata-gen /data/tree --preset tree   200,000 files in 2,000 directories, 4 deep",
            "  testdata-gen /tmp/t --files 5000 --dirs 50 --depth 2 --mean 8000 --seed 7"})
final class GenerateCommand implements Callable<Integer> {
    private static final int DEFAULT_FRAGMENT = 8;
    private static final int MAX_FRAGMENT = 1024;

    private final PrintStream err;
    private final boolean terminal;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "OUT", description = "The directory to fill; made if missing.")
    Path out;

    @Option(names = "--preset", paramLabel = "NAME",
            description = "flat: 57,000 files in OUT. tree: 200,000 files in 2,000 directories up to 4 deep. "
                + "--files, --dirs and --depth given as well win.")
    Preset preset;

    @Option(names = "--files", paramLabel = "N", description = "Files to write (required without --preset).")
    Integer files;

    @Option(names = "--dirs", paramLabel = "D",
            description = "Directories to spread them over, OUT counted (default 1: all in OUT).")
    Integer dirs;

    @Option(names = "--depth", paramLabel = "K",
            description = "Levels of directories below OUT at most (default 1 if --dirs is above 1, else 0).")
    Integer depth;

    @Option(names = "--min-size", paramLabel = "BYTES", converter = SizeConverter.class,
            defaultValue = "" + SizeModel.DEFAULT_MIN, description = "Smallest file (default ${DEFAULT-VALUE}).")
    int minSize;

    @Option(names = "--max-size", paramLabel = "BYTES", converter = SizeConverter.class,
            defaultValue = "" + SizeModel.DEFAULT_MAX, description = "Largest file (default ${DEFAULT-VALUE}).")
    int maxSize;

    @Option(names = "--mean", paramLabel = "BYTES", converter = SizeConverter.class,
            defaultValue = "" + SizeModel.DEFAULT_MEAN, description = "Mean size (default ${DEFAULT-VALUE}).")
    int mean;

    @Option(names = "--median", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Median size. Without it the spread of the default sizes (median "
                + SizeModel.DEFAULT_MEDIAN + ") is kept and the median follows from --mean.")
    Integer median;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of everything drawn (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--fragment", paramLabel = "K", arity = "0..1", fallbackValue = "" + DEFAULT_FRAGMENT,
            preprocessor = AttachedValueOnly.class,
            description = "Write K files at a time (default " + DEFAULT_FRAGMENT + "; K only as --fragment=K), "
                + "a 4 KiB chunk of each in turn, so that their extents interleave. The same bytes as without it.")
    Integer fragment;

    @Option(names = "--age", description = "Then age the set, as a long-lived one ages: in one shuffled sequence "
            + "a quarter of the files deleted, a quarter appended to, 15 %% rewritten and a third as many new files "
            + "written, so that name, inode and disk order part. The same arguments give the same aged tree.")
    boolean age;

    @Option(names = "--force", description = "Write into a non-empty OUT, alongside what is there. "
            + "Nothing is deleted or overwritten: a name the set would create must not exist yet.")
    boolean force;

    GenerateCommand(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public Integer call() {
        long start = System.nanoTime();
        if (fragment != null && (fragment < 2 || fragment > MAX_FRAGMENT)) {
            throw new ParameterException(spec.commandLine(), "--fragment takes 2 to " + MAX_FRAGMENT + " files");
        }
        SizeModel sizes;
        Layout layout;
        try {
            sizes = median == null ? SizeModel.withSigma(minSize, maxSize, mean, SizeModel.DEFAULT_SIGMA)
                    : SizeModel.withMedian(minSize, maxSize, mean, median);
            layout = Layout.plan(files(), dirs(), depth(), sizes, seed, age);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }

        Progress progress = new Progress(err, terminal, layout.files);
        String fragmenting;
        try {
            OutDir.check(out, force, layout);
            fragmenting = write(layout, progress);
        } catch (IOException e) {
            progress.finish();
            return failed(err, e);
        }
        progress.finish();
        Summary.print(err, layout, sizes, seed, fragmenting, (System.nanoTime() - start) / 1e9);
        return ExitCode.OK.status;
    }

    /** Prints why the run failed, in one line; the exit status: 2 if OUT was refused (nothing written), else 1. */
    static int failed(PrintStream err, IOException e) {
        err.println("testdata-gen: " + e.getMessage());
        return (e instanceof Refused ? ExitCode.USAGE : ExitCode.SOME_FAILED).status;
    }

    /** Writes the tree; returns the summary's line on how it was fragmented, or null for a plain run. */
    private String write(Layout layout, Progress progress) throws IOException {
        int slots = fragment == null ? 1 : fragment;
        NativeSink libc = bind(slots);  // --age needs it for syncfs, --fragment for fallocate
        try (FileSink<?> sink = libc != null ? libc : new NioSink(slots)) {
            write(sink, layout, slots, progress);
        }
        if (fragment == null) {
            return null;
        }
        return String.format(Locale.ROOT, "fragmented: %d files written at a time, %d KiB chunks in turn, %s",
                fragment, TreeWriter.FRAGMENT_CHUNK / 1024, libc.reserving()
                        ? "the blocks of each reserved with fallocate as it came"
                        : "interleaved only (the file system does not support fallocate)");
    }

    /**
     * libc, which makes the tree relative to directory handles wherever it runs; or null where it
     * cannot be bound, after a warning: java.nio, the fallback, refuses an OUT that others can change.
     * --fragment needs libc (fallocate).
     */
    private NativeSink bind(int slots) throws IOException {
        try {
            return NativeSink.bind(slots, fragment != null);
        } catch (LinkageError | RuntimeException e) {
            String why = "(" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")";
            if (fragment != null || age) {
                throw new IOException((age ? "--age" : "--fragment") + " needs libc, which cannot be bound here "
                        + why, e);
            }
            err.println("testdata-gen: warning: cannot bind libc " + why + "; using java.nio, which refuses an OUT "
                    + "that others can change");
            return null;
        }
    }

    private <D> void write(FileSink<D> sink, Layout layout, int slots, Progress progress) throws IOException {
        int chunk = fragment == null ? TreeWriter.PLAIN_CHUNK : TreeWriter.FRAGMENT_CHUNK;
        try (TreeWriter<D> writer = new TreeWriter<>(layout, out, sink, slots, chunk, progress)) {
            writer.write();
        }
    }

    /** --files, else the preset's. */
    private int files() {
        if (files != null) {
            return files;
        }
        if (preset != null) {
            return preset.files;
        }
        throw new IllegalArgumentException("Missing required option: '--files=N' (or --preset)");
    }

    private int dirs() {
        return dirs != null ? dirs : preset != null ? preset.dirs : 1;
    }

    private int depth() {
        return depth != null ? depth : preset != null ? preset.depth : dirs() > 1 ? 1 : 0;
    }
}
