package dirdump.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The sequence a read takes from while the walk goes on (issue 31): it holds what the walk has listed
 * and the readers have not taken yet, not every file listed (before, 4 bytes a file of the whole walk,
 * 32 MiB at 5,000,000 files); and each file is taken once, in the order added, however many readers take.
 */
class ListedSequenceTest {
    @Test
    void heldBlocksFollowTheWalksLeadNotTheFilesListed() {
        ListedSequence sequence = new ListedSequence();
        int lead = 3 * ListedSequence.BLOCK;
        int most = 0;
        int f = 0;
        for (; f < lead; f++) {
            sequence.add(f);
        }
        sequence.publish();
        for (; f < 1_000_000; f++) {
            sequence.add(f);
            sequence.publish();
            assertEquals(f - lead, sequence.next());
            most = Math.max(most, sequence.blocksHeld());
        }
        // The lead's blocks, the one the walk adds to and the one the reader takes from.
        assertTrue(most <= lead / ListedSequence.BLOCK + 2, most + " blocks held for a lead of 3");
        for (int g = f - lead; g < f; g++) {
            assertEquals(g, sequence.next());
        }
        sequence.end();
        assertEquals(-1, sequence.next());
        assertTrue(sequence.blocksHeld() <= 2, sequence.blocksHeld() + " blocks held once every file is taken");
    }

    @Test
    void readersTakeEachFileOnceWhileTheWalkAdds() throws InterruptedException {
        ListedSequence sequence = new ListedSequence();
        int files = 300_000;
        BitSet seen = new BitSet(files);
        AtomicInteger twice = new AtomicInteger();
        Thread[] readers = new Thread[4];
        for (int t = 0; t < readers.length; t++) {
            readers[t] = new Thread(() -> {
                BitSet mine = new BitSet(files);
                int last = -1;
                for (int f; (f = sequence.next()) >= 0; ) {
                    if (f <= last) {
                        twice.incrementAndGet();  // one reader's files come in the order added
                    }
                    last = f;
                    mine.set(f);
                }
                synchronized (seen) {
                    if (seen.intersects(mine)) {
                        twice.incrementAndGet();
                    }
                    seen.or(mine);
                }
            });
            readers[t].start();
        }
        for (int f = 0; f < files; f++) {
            sequence.add(f);
            if (f % 64 == 63) {
                sequence.publish();
            }
        }
        sequence.end();
        for (Thread reader : readers) {
            reader.join();
        }
        assertEquals(0, twice.get());
        assertEquals(files, seen.cardinality());
        assertTrue(sequence.blocksHeld() <= 2, sequence.blocksHeld() + " blocks held once every file is taken");
    }
}
