package dirdump.read;

import dirdump.outcome.StopRequest;
import dirdump.sys.SysException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a read run shares with the world outside its threads: live counts for the progress line (files
 * done, bytes brought in, and the sizes fstat gave of the files taken so far: the walk gives none), an
 * optional rate limit, an optional bound on the bytes brought in (--max-bytes), and the request to stop
 * (a signal), which every worker checks between files.
 */
public final class ReadLimits {
    private final LongAdder files = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final LongAdder taken = new LongAdder();
    private final LongAdder sizesTaken = new LongAdder();
    private final LongAdder leftAlone = new LongAdder();
    private final Pacer pacer;
    private final StopRequest stop;
    /** What --max-bytes leaves to bring in; null without a bound. */
    private final AtomicLong left;
    /** Set when a file got less of the bound than it needed; its path once it is known. */
    private volatile PartRead cut;
    private long room = Long.MAX_VALUE;
    private Runnable beyondRoom;
    private final AtomicBoolean toldBeyondRoom = new AtomicBoolean();

    /** {@code bytesPerSecond}: 0 for no limit. */
    public ReadLimits(long bytesPerSecond, StopRequest stop) {
        this(bytesPerSecond, 0, stop);
    }

    /** {@code maxBytes}: the most to bring in, 0 for no bound. */
    public ReadLimits(long bytesPerSecond, long maxBytes, StopRequest stop) {
        this.pacer = bytesPerSecond > 0 ? new Pacer(bytesPerSecond) : null;
        this.stop = stop;
        this.left = maxBytes > 0 ? new AtomicLong(maxBytes) : null;
    }

    /** Runs {@code warning} once, when more than {@code bytes} have been brought in (more than memory holds). */
    public void whenBeyond(long bytes, Runnable warning) {
        this.room = bytes;
        this.beyondRoom = warning;
    }

    /** A signal, or the bound reached. */
    public boolean stopped() {
        return stop.stopped() || boundReached();
    }

    /** Whether there is a --max-bytes. */
    public boolean bounded() {
        return left != null;
    }

    /**
     * Whether --max-bytes has been brought in, or handed out whole: once a file got less of it than it
     * needs (the one file cut short), no reader starts another.
     */
    public boolean boundReached() {
        return left != null && (left.get() <= 0 || cut != null);
    }

    /** A signal: the file in hand is left there. The bound is not checked between reads of a file (see reserve). */
    boolean signalled() {
        return stop.stopped();
    }

    /**
     * Reserves what the file about to be read needs of --max-bytes ({@code need}: all of it without a
     * bound: more than any file has), so that the files in hand are read whole and at most one is cut:
     * the one that gets less than it needs. 0 once the bound is handed out. What is not read of it goes back by {@link #unused}.
     */
    long reserve(FileToRead f) throws SysException {
        return left == null ? Long.MAX_VALUE / 2 : reserve(f.bytesToBringIn(f.toRead()));
    }

    /** As {@link #reserve(FileToRead)}, of {@code need} bytes. */
    long reserve(long need) {
        if (left == null) {
            return need;
        }
        synchronized (this) {
            long have = left.get();
            if (have <= 0 || cut != null) {
                return 0;
            }
            long take = Math.min(need, have);
            left.addAndGet(-take);
            if (take < need) {
                cut = new PartRead(null, 0, 0);
            }
            return take;
        }
    }

    /**
     * How many of the next {@code n} bytes may be brought in beyond a file's reservation (a file grown
     * since its size was taken, or a chunk of one shared by readers): all of them without a bound, else
     * what it leaves (0 once reached). What a read does not use of it goes back by {@link #unused}.
     */
    long allow(long n) {
        if (left == null) {
            return n;
        }
        synchronized (this) {
            long take = Math.max(0, Math.min(n, left.get()));
            left.addAndGet(-take);
            return take;
        }
    }

    /** Bytes reserved or allowed but not read (the file ended first). */
    void unused(long n) {
        if (left != null && n > 0) {
            synchronized (this) {
                left.addAndGet(n);
            }
        }
    }

    /** The file --max-bytes cut short: its path, the bytes of it brought in, and its size. */
    public record PartRead(byte[] path, long bytes, long size) {
    }

    /** The file that got less of the bound than it needed, as it was left ({@code bytes} brought in). */
    synchronized void partRead(byte[] path, long bytes, long size) {
        if (cut != null && cut.path() == null && bytes > 0) {
            cut = new PartRead(path, bytes, size);
        }
    }

    /** The file --max-bytes cut short, or null: none was (the bound fell between two files, or was not reached). */
    public synchronized PartRead partRead() {
        return cut == null || cut.path() == null ? null : cut;
    }

    public long files() {
        return files.sum();
    }

    public long bytes() {
        return bytes.sum();
    }

    /** The files taken from the sequence so far: opened and sized, or failed. */
    public long filesTaken() {
        return taken.sum();
    }

    /** The sizes of the files taken so far (0 for one that could not be opened). */
    public long sizesTaken() {
        return sizesTaken.sum();
    }

    /** The bytes of the files taken so far that are not to be brought in: cached already, or not asked for. */
    public long bytesLeftAlone() {
        return leftAlone.sum();
    }

    /** How many bytes a reader reads a call, at most {@code buffer}: fewer under a low --bwlimit (see Pacer). */
    int readSize(int buffer, int readers) {
        return pacer == null ? buffer : pacer.readSize(buffer, readers);
    }

    void fileDone() {
        files.increment();
    }

    /**
     * A file taken from the sequence, of {@code size} as its fstat gave it (0: it could not be opened),
     * {@code leftAlone} bytes of which are not to be brought in.
     */
    void taken(long size, long leftAlone) {
        sizesTaken.add(size);
        this.leftAlone.add(leftAlone);
        taken.increment();  // after its size: whoever sees every file taken sees all their sizes
    }

    void transferred(long n) {
        bytes.add(n);
        if (beyondRoom != null && !toldBeyondRoom.get() && bytes.sum() > room && toldBeyondRoom.compareAndSet(false, true)) {
            beyondRoom.run();
        }
        if (pacer != null) {
            pacer.pace(n, this);
        }
    }
}
