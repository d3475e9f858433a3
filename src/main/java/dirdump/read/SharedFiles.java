package dirdump.read;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;

/** The big files being read by all readers (see SharedFile), oldest first; and every file ever shared. */
final class SharedFiles {
    private final ConcurrentLinkedDeque<SharedFile> reading = new ConcurrentLinkedDeque<>();
    private final List<SharedFile> ever = new ArrayList<>();

    /** The oldest file with chunks perhaps left to take, or null. */
    SharedFile first() {
        return reading.peekFirst();
    }

    /** Every chunk of the file has been taken; the last reader of one finishes it. */
    void allTaken(SharedFile s) {
        reading.remove(s);
    }

    synchronized void add(SharedFile s) {
        ever.add(s);
        reading.addLast(s);
    }

    /** Closes the files a stop left unfinished: once every reader has ended. */
    synchronized void closeUnfinished() {
        for (SharedFile s : ever) {
            if (!s.finished()) {
                s.file.close();
            }
        }
    }
}
