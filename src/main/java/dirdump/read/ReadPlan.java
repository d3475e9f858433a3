package dirdump.read;

import dirdump.order.DeviceOrder;
import dirdump.outcome.Reporter;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;
import dirdump.sys.SysException;
import java.util.List;
import java.util.Locale;

/**
 * How a read reads, decided once before it starts ({@link #decide}) and taken as it is by every reader:
 * how many readers, how each brings files in ({@link Engine}) with how many reads in flight, whether they
 * share big files, whether reads are exact. Nothing in it is left to resolve later.
 *
 * @param reading what the command line asked: method, bytes wanted, force, the readers asked for
 * @param readers the reading threads
 * @param depth each reader's reads in flight in its ring; 0 but for {@link Engine#RING}
 * @param engine how each reader brings a file in
 * @param bounded a --max-bytes bound, given or auto: each file reserves its bytes of it before it is read
 * @param why where the counts came from: the defaults for the disks (null where -j is given), and why the
 *            kernel refused a ring (null where it did not)
 */
public record ReadPlan(Reading reading, int readers, int depth, Engine engine, boolean bounded, Why why) {
    /** How a reader brings a file in. */
    public enum Engine {
        /** Opens, reads and closes in an io_uring of its own, up to {@code depth} files in flight. */
        RING,
        /** One read(2) at a time, in the reader's buffer. */
        ONE_AT_A_TIME,
        /** posix_fadvise(WILLNEED): the kernel reads, the reader only asks (--method willneed). */
        ADVICE
    }

    /** {@code defaults}: the default readers the counts came from, null where -j is given; {@code ringRefused}: or null. */
    public record Why(DefaultReaders.Choice defaults, String ringRefused) {
    }

    /**
     * The plan of a read of {@code reading} over the files of {@code walk}: the readers asked for, else the
     * defaults for the devices ({@code devices}: each device's order, once every file is listed; null while
     * the walk goes on, which happens only where no disk under a PATH rotates); a ring where the kernel
     * gives one and the read is one a ring serves; no more readers than files (but enough for one big
     * file's chunks), nor readers and reads in flight than the descriptors leave room for.
     */
    public static ReadPlan decide(Reading reading, ReadBounds bounds, Os os, WalkResult walk, List<DeviceOrder> devices,
                                  Reporter reporter) {
        Readers asked = reading.readers();
        DefaultReaders.Choice defaults = asked.count() != null ? null
                : devices == null ? DefaultReaders.Choice.NOT_ROTATING : DefaultReaders.forRun(walk.directories, devices);
        int depth = asked.depth() != null ? asked.depth() : defaults == null ? 0 : defaults.depth();
        String refused = null;
        Engine engine = reading.method() == ReadMethod.WILLNEED ? Engine.ADVICE : Engine.ONE_AT_A_TIME;
        if (depth > 0 && ringServes(reading, bounds)) {
            refused = ringRefused(os, reporter);
            engine = refused == null ? Engine.RING : engine;
        }
        if (engine != Engine.RING && defaults != null) {
            defaults = defaults.withoutRing();
        }
        long free = os.descriptorLimit() - os.descriptorsInUse() - walk.handles.room();
        int files = devices == null ? Integer.MAX_VALUE : devices.stream().mapToInt(DeviceOrder::files).sum();
        int readers = readers(defaults == null ? asked.count() : defaults.readers(), asked, files, free, os, reporter);
        int inFlight = engine == Engine.RING ? depthWithin(depth, readers, free) : 0;
        return new ReadPlan(reading, readers, inFlight, engine, bounds.bounded(), new Why(defaults, refused));
    }

    /**
     * Whether a ring serves the read: one that reads whole files by read(2). --method willneed, --range,
     * --replay, --max-bytes, --bwlimit and --prefetch read one read at a time each.
     */
    private static boolean ringServes(Reading reading, ReadBounds bounds) {
        return reading.method() == ReadMethod.READ && reading.wanted() == Wanted.WHOLE && !bounds.bounded()
                && bounds.bwlimit() == 0 && reading.readers().prefetch() == 0;
    }

    /** Why the kernel refuses a ring (tried once, here: a seccomp filter, kernel.io_uring_disabled), or null. */
    private static String ringRefused(Os os, Reporter reporter) {
        try {
            os.readRing(1, 4096).close();
            return null;
        } catch (SysException e) {
            if (reporter.verbose()) {
                reporter.line("reads: one at a time each: the kernel refused io_uring (" + e.getMessage() + ")");
            }
            return "io_uring_setup: " + e.getMessage();
        }
    }

    /**
     * No more readers than files (a thread started for nothing costs its start), but enough for one big
     * file, whose chunks they share; and no more than the descriptors {@code free} leave room for.
     */
    private static int readers(int wanted, Readers asked, int files, long free, Os os, Reporter reporter) {
        int most = Math.max(1, Math.min(wanted, Math.max(files, DefaultReaders.FOR_ONE_BIG_FILE)));
        int readers = DefaultReaders.withinDescriptors(most, asked.prefetch(), free);
        if (readers < most && asked.count() != null) {
            reporter.warning(String.format(Locale.ROOT, "%d readers, not %d: the descriptor limit "
                    + "(ulimit -n %d) leaves room for no more", readers, most, os.descriptorLimit()));
        }
        return readers;
    }

    /**
     * No more files in flight in the rings than the descriptors left allow, each holding one open, and
     * each ring one of its own; at least one each. A reader whose open found no descriptor would wait for
     * its own ring's files (scan's OnDescriptorShortage waits for other readers to close theirs).
     */
    private static int depthWithin(int depth, int readers, long free) {
        long forFiles = DefaultReaders.withinDescriptors(Integer.MAX_VALUE, 0, free) - readers;
        return (int) Math.max(1, Math.min(depth, forFiles / readers));
    }

    /** Whether the readers share big files' chunks: several readers reading, each file not bounded on its own. */
    public boolean shares() {
        return readers > 1 && engine != Engine.ADVICE && !bounded;
    }

    /**
     * Whether files are read exactly: ranges asked for (--range, --replay) or reads up to a bound cache what
     * they read and no more, so read-ahead is turned off for them.
     */
    public boolean exact() {
        return engine != Engine.ADVICE && (reading.wanted() != Wanted.WHOLE || bounded);
    }

    public int bufferSize() {
        return reading.readers().bufferSize();
    }

    public int prefetch() {
        return reading.readers().prefetch();
    }

    public IoPriority ioPriority() {
        return reading.readers().ioPriority();
    }
}
