package dirdump.read;

import dirdump.testing.ReadPasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.cache.ResidencyChange;
import dirdump.order.LocateMethod;
import dirdump.order.Order;
import dirdump.order.OrderSettings;
import dirdump.order.Orderer;
import dirdump.outcome.Reporter;
import dirdump.outcome.StopRequest;
import dirdump.outcome.Tally;
import dirdump.report.ResidencySection;
import dirdump.report.StderrReporter;
import dirdump.scan.PathFilter;
import dirdump.scan.UniqueFiles;
import dirdump.scan.WalkResult;
import dirdump.scan.WalkSettings;
import dirdump.scan.Walker;
import dirdump.sys.Directory;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.PathNames;
import dirdump.sys.ReadBuffer;
import dirdump.sys.SysException;
import dirdump.testing.ForwardingOpenFile;
import dirdump.testing.ForwardingOs;
import dirdump.testing.Trees;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file cut short between its fstat and its read (a log rotated by copytruncate, say). */
class TruncatedWhileReadTest {
    private static final int BEFORE = 400 * 4096;
    private static final int AFTER = 10 * 4096;

    @TempDir
    Path tmp;

    @Test
    void theResidencyAfterIsOfItsNewSizeAndNeverAbove100Percent() throws Exception {
        Path f = Trees.file(tmp.resolve("log"), BEFORE, 1);
        Reporter quiet = new StderrReporter(new PrintStream(OutputStream.nullOutputStream()), StderrReporter.Verbosity.QUIET);
        Os os = new TruncatingOnFirstRead(Os.load(quiet::warning), f);
        try (WalkResult walk = new Walker(os, new WalkSettings(false, false, Integer.MAX_VALUE, PathFilter.NONE), quiet,
                new Tally()).walk(List.of(PathNames.bytes(tmp.toString())), null)) {
            int[] sequence = Orderer.plan(walk, UniqueFiles.of(walk, new Tally(), quiet),
                    new OrderSettings(Order.INODE, LocateMethod.AUTO, false), os, quiet).sequence();
            ReadPass.Result r = ReadPasses.run(os, walk, sequence, Reading.of(ReadMethod.READ, Readers.of(1, 1 << 16))
                    .withForce(true).withMeasureAfter(true), new ReadLimits(0, new StopRequest()), quiet);
            assertEquals(AFTER, r.tally().bytesRead());
            ResidencyChange residency = r.residency();
            String text = String.join("\n", new ResidencySection(residency).lines());
            assertTrue(text.endsWith("100.0 % after"), text);
            assertEquals(AFTER / 4096, pages(residency, "after"), text);
        }
    }

    private static long pages(ResidencyChange residency, String when) {
        com.google.gson.JsonObject o = new com.google.gson.JsonObject();
        new ResidencySection(residency).addTo(o);
        return o.getAsJsonObject("page_cache").getAsJsonObject(when).get("pages").getAsLong();
    }

    /** The real calls; the file is truncated when its first read comes, after its fstat and first measure. */
    private static final class TruncatingOnFirstRead extends ForwardingOs {
        private final Path target;

        TruncatingOnFirstRead(Os real, Path target) {
            super(real);
            this.target = target;
        }

        @Override
        public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
            OpenFile f = real.open(dir, name, follow);
            return new ForwardingOpenFile(f) {
                private boolean truncated;

                @Override
                public int read(ReadBuffer buffer) throws SysException {
                    if (!truncated) {
                        truncated = true;
                        try (RandomAccessFile raf = new RandomAccessFile(target.toFile(), "rw")) {
                            raf.setLength(AFTER);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                    return f.read(buffer);
                }
            };
        }
    }
}
