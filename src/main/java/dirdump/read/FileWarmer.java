package dirdump.read;

import dirdump.cache.ByteRanges;
import dirdump.scan.SequenceCursor;
import dirdump.outcome.Reporter;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.scan.FileOpener;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadRing;
import dirdump.sys.StatBuffer;
import dirdump.sys.SysException;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One thread's way through the run's files, each file top to bottom: take the next in sequence order;
 * open and check it (FileOpener); measure what of it is cached (one cachestat) and work out what is
 * missing, or leave it alone; bring that in (SpanReader's reads, or WillNeed's advice); count it,
 * measure it again and report it; close it. Beside other readers, a big file is shared: its chunks are
 * read by whichever reader comes next, before the next file is taken (see SharedFile). With --prefetch,
 * openers run {@link #nextAhead} and readers {@link #warm}. One per thread: a file costs it no object of
 * its own, and its path is built only when it is told (-v, an error).
 */
final class FileWarmer implements Runnable, RingReads.Ends {
    /**
     * A part this small that is partly cached is read whole, its cached pages too: a copy from memory
     * costs less than a read and an I/O for each page missing (dirdump(1), "Warm only what is missing": docs/man/dirdump.md).
     */
    private static final long READ_THROUGH = 256 << 10;

    private final SequenceCursor cursor;
    private final FileOpener opener;
    private final ReadMethod method;
    private final Wanted wanted;
    private final boolean skipCached;
    /**
     * Files are read exactly: reads of ranges asked for (--range, --replay) or up to a bound (--max-bytes)
     * cache what they read and no more, so read-ahead is turned off for them (the kernel would read
     * read_ahead_kb ahead of each read).
     */
    private final boolean exact;
    /** Null where this thread reads no file (an opener) or advises only (WILLNEED). */
    private final SpanReader reader;
    private final WillNeed willNeed;
    private final CacheMeter meter;
    private final Tally tally;
    private final Reporter reporter;
    private final ReadLimits limits;
    /** Null if files are not shared (one reader, WILLNEED, --max-bytes, or an opener). */
    private final SharedFiles shared;
    /** The file in hand, filled again for each. */
    private final FileToRead inHand;
    /** This reader's ring, made in its thread when it starts (the ring takes submissions from that thread only), or none. */
    private final Supplier<Optional<ReadRing>> ring;
    /** The files in flight in this reader's ring (none without one), made when the reader runs. */
    private RingReads inFlight;

    /** What every reader of a run takes alike: the one cursor, what to do, the limits, where to tell it. */
    record Run(SequenceCursor cursor, ReadPlan plan, ReadLimits limits, Reporter reporter) {
    }

    /**
     * What is this reader's own: its opener (and its fstat buffer), its reader (null for an opener or
     * WILLNEED), its meter, its counts, and its ring, made when it starts (none for one read at a time).
     */
    record Own(FileOpener opener, SpanReader reader, CacheMeter meter, Tally tally, Supplier<Optional<ReadRing>> ring) {
    }

    /** {@code shared}: the big files shared with the other readers, or null (see {@link #shared}). */
    FileWarmer(Run run, Own own, SharedFiles shared) {
        Reading reading = run.plan().reading();
        this.cursor = run.cursor();
        this.opener = own.opener();
        this.method = reading.method();
        this.wanted = reading.wanted();
        this.skipCached = !reading.force();
        this.exact = run.plan().exact();
        this.reader = own.reader();
        this.willNeed = new WillNeed(run.limits());
        this.meter = own.meter();
        this.tally = own.tally();
        this.reporter = run.reporter();
        this.limits = run.limits();
        this.shared = shared;
        this.inHand = new FileToRead(own.opener());
        this.ring = own.ring();
    }

    /**
     * Reads files until every one has been taken or the run is to stop. With a ring, each file is opened
     * there (RingReads#open; a name followed is opened here) and taken on when its open completes
     * ({@link #opened}); the files the ring takes (RingReads#takes: most) are read there, up to its depth
     * in flight, and the others read here as ever, and so are up to RingReads#CHUNKS chunks of the big
     * files the readers share; a full ring is turned (what is queued submitted, its completions taken)
     * before the next file is taken, and so is one with files in flight while the walk has listed no file
     * to take yet, or once no file is left (an open may yet hand over a big file); once the run is to
     * stop, the ring is turned until it is empty.
     */
    @Override
    public void run() {
        try (RingReads ringReads = ring.get().map(r -> new RingReads(r, opener, tally, limits, this))
                .orElseGet(() -> RingReads.none(this, limits))) {
            inFlight = ringReads;
            while (!limits.stopped()) {
                SharedFile s = shared == null ? null : shared.first();
                if (s != null ? inFlight.chunksFull() : inFlight.full() || inFlight.busy() && !cursor.ready()) {
                    inFlight.turn();  // the next file or chunk waits for a slot, or for the walk: what is queued goes now
                    continue;
                }
                if (s != null) {
                    int c = s.claim();
                    if (c < 0) {
                        shared.allTaken(s);
                    } else if (inFlight.readsChunks()) {
                        // its read-ahead asked for at once, as readChunk does, its reads in the ring
                        willNeed.hint(s.file.file, s.start(c), s.end(c));
                        inFlight.startChunk(s, c);
                    } else if (readChunk(s, c)) {
                        limits.fileDone();
                    }
                    continue;
                }
                int f = take();
                if (f < 0) {
                    if (inFlight.busy()) {
                        inFlight.turn();  // an open in flight may yet hand the readers a big file to share
                        continue;
                    }
                    break;
                }
                if (!inFlight.open(f)) {  // opened in the ring: taken on from opened() once its open completes
                    FileToRead file = openHere(f);
                    if (file != null && bringIn(file)) {
                        inFlight.start(file);
                    }
                }
            }
            inFlight.finish();
        }
    }

    /**
     * A file opened in this reader's ring, checked and in its slot (RingReads): measured, and left alone,
     * shared, or read here, as one opened here; true if the ring is to read it.
     */
    @Override
    public boolean opened(FileToRead f) {
        if (!toBringIn(f)) {
            limits.fileDone();
            return false;
        }
        return bringIn(f);
    }

    /**
     * Brings in file {@code f}, opened and measured, unless the ring takes it (true: the caller starts it
     * there): shared with the other readers if it is big, else read here.
     */
    private boolean bringIn(FileToRead f) {
        if (shared != null && SharedFile.worthSharing(f)) {
            shared.add(new SharedFile(f.handOff()));
            return false;
        }
        if (inFlight.takes(f)) {
            return true;
        }
        warm(f);
        limits.fileDone();
        return false;
    }

    /**
     * An opener's (--prefetch): the next file, with the read of its first read-ahead window queued, as a
     * copy for a reader; null once every file has been taken or the run is to stop.
     */
    FileToRead nextAhead() {
        FileToRead f = next();
        if (f == null) {
            return null;
        }
        willNeed.prefetch(f);
        return f.handOff();
    }

    /**
     * The next file to bring in, opened and checked, with what is missing of it; null once every file has
     * been taken or the run is to stop. The files left alone on the way (changed, failed, cached) are
     * reported and done.
     */
    private FileToRead next() {
        for (int f; (f = take()) >= 0; ) {
            FileToRead file = openHere(f);
            if (file != null) {
                return file;
            }
        }
        return null;
    }

    /** The next file's index from the cursor; -1 once every file has been taken or the run is to stop. */
    private int take() {
        // Stopped checked again once a file is taken: a cursor fed by the walk (ListedSequence) may have
        // kept this reader waiting through the signal, and hands it a file listed after it.
        int f;
        return !limits.stopped() && (f = cursor.next()) >= 0 && !limits.stopped() ? f : -1;
    }

    /**
     * Listed file {@code f} opened and checked here, in hand, with what is missing of it; null if it is
     * left alone (changed, failed, cached), which is reported and done. A method of its own, not the body
     * of {@link #next}'s loop: in a warm tree one call of next() goes through every file, and C1 compiles a
     * loop body only after 60,000 turns (on-stack replacement), a method after 200 calls.
     */
    private FileToRead openHere(int f) {
        OpenFile file = opener.open(f, tally);
        if (file == null) {
            limits.taken(0, 0);
        } else {
            inHand.take(f, file);
            if (toBringIn(inHand)) {
                return inHand;
            }
        }
        limits.fileDone();
        return null;
    }

    /** Whether anything of {@code f}, just opened, is to be brought in ({@link #missing}); counted as taken. */
    private boolean toBringIn(FileToRead f) {
        long size = f.stat.size();
        boolean toBringIn = missing(f);
        limits.taken(size, !toBringIn ? size : f.whole ? 0 : Math.max(0, size - f.ranges.length()));
        if (toBringIn && exact && !toItsEnd(f)) {
            noReadAhead(f.file);
        }
        return toBringIn;
    }

    /**
     * Works out what is to be brought in of the file just opened: the bytes wanted of it (all, or ranges),
     * less the pages of them cached already (unless --force); false if it is left alone, and then closed.
     * Its residency is measured on the descriptor just checked by fstat (one cachestat). A file whose
     * wanted bytes are all in the cache, and can be read from it (CachedReads: one preadv2 per 256 KiB
     * of a file cached whole; mincore, which reads nothing, of one cached in part), is counted, closed
     * and left alone, unless --force; of one partly cached, only the ranges not cached are read, found by
     * cachestat over halves (ResidencyProbe#ranges). A file none of which
     * is cached costs nothing more. A file whose cached pages cannot be read (a read of them failed: EIO)
     * is reported and counted as an error, and left alone: reading it again fails again, and advice does
     * not bring in a page the cache holds.
     */
    private boolean missing(FileToRead f) {
        StatBuffer st = f.stat;
        f.before = meter.measure(f.file, st, st.size());
        f.cached = Cached.of(f.before);
        if (wanted != Wanted.WHOLE) {
            f.readRanges(wanted.ranges(f.path(), st.toStat()));
            if (f.ranges.isEmpty()) {
                return true;  // nothing of it asked for (a --range beyond its end): read, of no byte
            }
        }
        if (!skipCached) {
            // --force: read as asked; but advice would leave failed pages as they are
            return method == ReadMethod.READ || f.cached == Cached.UNKNOWN || f.cached == Cached.NONE
                    || meter.cached(f.file, pages(f), pageSize(f)).map(c -> !unreadable(f, c)).orElse(true);
        }
        switch (f.cached) {
            case UNKNOWN:
                return true;  // read as asked
            case NONE:
                if (f.whole) {
                    return true;  // the common file not cached: nothing to work out
                }
                break;
            case ALL:
                if (f.whole) {
                    // the common cached file: no ranges to work out
                    if (!(st.sparse() ? meter.cached(f.file, pages(f), pageSize(f)).map(c -> unreadable(f, c)).orElse(false)
                            : failed(f, meter.unreadable(f.file, st.size(), pageSize(f))))) {
                        skip(f, st.size());
                    }
                    return false;
                }
                break;
            default:
                break;
        }
        return missingPages(f);
    }

    /**
     * As {@link #missing}, of a file cached in part, or of ranges of one: the pages of what is asked that
     * are not cached; the rest, cached, must be readable.
     */
    private boolean missingPages(FileToRead f) {
        ByteRanges pages = pages(f);
        // A whole file this small cached in part is read whole: the cachestat of all of it told so already.
        Optional<ByteRanges> missing = f.cached == Cached.ALL ? Optional.of(ByteRanges.NONE)
                : f.cached == Cached.NONE || (f.whole && pages.length() <= READ_THROUGH) ? Optional.of(pages)
                : meter.uncached(f.file, pages, READ_THROUGH);
        if (missing.isEmpty()) {
            return true;  // not measurable: read as asked
        }
        if (unreadable(f, pages.minus(missing.get()))) {
            return false;
        }
        long cached = pages.length() - missing.get().length();
        if (missing.get().isEmpty()) {
            skip(f, cached);
            return false;
        }
        tally.addCachedLeft(cached);
        f.readRanges(missing.get());
        return true;
    }

    /**
     * Brings the file into the page cache by the run's method (read through the buffer, or WILLNEED
     * advice), then counts it, measures it again and reports it; closes it.
     */
    void warm(FileToRead f) {
        try (OpenFile file = f.file) {
            StatBuffer st = f.stat;
            long total;
            if (method == ReadMethod.READ) {
                SpanReader.Read read = reader.read(f, tally);
                total = read.bytes();
                if (read.stopped()) {
                    stopped(f, total);
                    if (!limits.signalled()) {
                        limits.partRead(f.path(), total, st.size());
                    }
                    return;
                }
            } else {
                ByteRanges ranges = f.toRead();
                total = willNeed.advise(f, ranges);  // asked for, not read: the data of the size fstat gave
                limits.transferred(total);
                if (willNeed.bounded()) {
                    tally.addBytes(total);
                    limits.partRead(f.path(), total, st.size());
                    return;
                }
                tally.addHoles(ranges.length() - total);
            }
            read(f, total);
        } catch (SysException e) {
            failed(f, e);
        }
    }

    /** A file brought in, {@code total} bytes of it: counted, measured again and reported; its closing is the caller's. */
    @Override
    public void read(FileToRead f, long total) {
        StatBuffer st = f.stat;
        tally.addRead(total);
        if (meter.measuresAfter()) {
            // A file read to an end before its size was truncated meanwhile: measured at its new size.
            meter.after(f, method == ReadMethod.READ && !st.sparse() && f.whole && total < st.size()
                    ? total : st.size());
        }
        if (reporter.verbose()) {
            reporter.read(f.path(), total);
        }
    }

    /** A file whose read failed: reported and counted as an error. */
    @Override
    public void failed(FileToRead f, SysException e) {
        reporter.error(f.path(), e.getMessage());
        tally.addError();
    }

    /** A file left part way at a signal: its bytes count, the file does not. */
    @Override
    public void stopped(FileToRead f, long bytes) {
        tally.addBytes(bytes);
    }

    /** The rest of a file the ring would not read, from {@code from} to {@code end}, read here: the bytes read. */
    @Override
    public long rest(FileToRead f, long from, long end) throws SysException {
        return reader.readChunk(f.file, from, end);
    }

    /**
     * Reads chunk {@code c} of a shared file; true if it was the file's last, which this reader then
     * finishes: counts it, measures it and closes it.
     */
    private boolean readChunk(SharedFile s, int c) {
        FileToRead f = s.file;
        long n = 0;
        // The chunk's read-ahead asked for at once, so that a few readers still keep a big file's I/O in
        // flight, where each pread would wait for its own.
        willNeed.hint(f.file, s.start(c), s.end(c));
        try {
            n = reader.readChunk(f.file, s.start(c), s.end(c));
        } catch (SysException e) {
            s.failed(e);
        }
        return chunkDone(s, n);
    }

    /** A chunk of a shared file read in the ring, {@code bytes} of it: counted, and the file finished if it was its last. */
    @Override
    public void chunkRead(SharedFile s, long bytes) {
        if (chunkDone(s, bytes)) {
            limits.fileDone();
        }
    }

    /** {@code n} bytes of a chunk of {@code s} read; true if it was the file's last, which is then finished here. */
    private boolean chunkDone(SharedFile s, long n) {
        FileToRead f = s.file;
        tally.addBytes(n);
        if (!s.chunkDone(n)) {
            return false;
        }
        try (OpenFile file = f.file) {
            if (s.failure() != null) {
                reporter.error(f.path(), s.failure().getMessage());
                tally.addError();
            } else if (!limits.stopped()) {
                tally.addRead(0);  // its bytes were counted chunk by chunk
                if (meter.measuresAfter()) {
                    meter.after(f, f.stat.size());
                }
                if (reporter.verbose()) {
                    reporter.read(f.path(), s.bytes());
                }
            }
        }
        return true;
    }

    /** The whole pages of what is asked of the file: its ranges, or all of it. */
    private static ByteRanges pages(FileToRead f) {
        return f.toRead().pages(pageSize(f), f.stat.size());
    }

    /** The page size its residency was measured in: known where it was measured (not Cached.UNKNOWN). */
    private static int pageSize(FileToRead f) {
        return f.before.pageSize();
    }

    /**
     * Whether pages of the {@code cached} byte ranges cannot be read: then the file is reported, counted as
     * an error and closed, and left out of the residency totals, as a file whose read fails.
     */
    private boolean unreadable(FileToRead f, ByteRanges cached) {
        return failed(f, meter.unreadable(f.file, cached, f.cached == Cached.ALL && !f.stat.sparse(), pageSize(f)));
    }

    /** As {@link #unreadable}, of the check's outcome: the file reported, counted and closed if it failed. */
    private boolean failed(FileToRead f, Optional<SysException> failure) {
        if (failure.isEmpty()) {
            return false;
        }
        f.close();
        reporter.error(f.path(), failure.get().getMessage());
        tally.addError();
        return true;
    }

    /** A file whose wanted pages are all cached: counted ({@code cached} bytes left alone), closed, left alone. */
    private void skip(FileToRead f, long cached) {
        tally.addCachedLeft(cached);
        f.close();
        meter.unchanged(f.before);
        tally.addSkipped(SkipReason.ALREADY_CACHED);
        if (reporter.verbose()) {
            reporter.skipped(f.path(), SkipReason.ALREADY_CACHED);
        }
    }

    /**
     * Whether what is to be read of {@code f} is one range up to its end, with no --max-bytes to stop
     * short: read-ahead then brings in nothing that is not asked for, and is left on (a replayed file
     * read whole would otherwise cost a request, and often a seek, a buffer).
     */
    private boolean toItsEnd(FileToRead f) {
        return !limits.bounded() && (f.whole || f.ranges.count() == 1 && f.ranges.end(0) >= f.stat.size());
    }

    private static void noReadAhead(OpenFile file) {
        try {
            file.noReadAhead();
        } catch (SysException e) {
            // only a hint: the kernel may read ahead a window more
        }
    }
}
