package dirdump.testing;

import dirdump.outcome.Reporter;
import dirdump.read.ReadLimits;
import dirdump.read.ReadMethod;
import dirdump.read.ReadPass;
import dirdump.read.ReadPlan;
import dirdump.read.Reading;
import dirdump.scan.SequenceCursor;
import dirdump.scan.WalkResult;
import dirdump.sys.Os;

/** A read pass over a sequence, by the plan a test gives as a Reading: its readers and depth as they are. */
public final class ReadPasses {
    private ReadPasses() {
    }

    public static ReadPass.Result run(Os os, WalkResult walk, int[] sequence, Reading reading, ReadLimits limits,
                                      Reporter reporter) {
        return ReadPass.run(os, walk, new SequenceCursor(sequence), plan(reading, limits), limits, reporter);
    }

    /** The plan of {@code reading} with its readers' count and depth taken as given (-j 1 where none is). */
    public static ReadPlan plan(Reading reading, ReadLimits limits) {
        int depth = reading.readers().depth() == null ? 0 : reading.readers().depth();
        ReadPlan.Engine engine = reading.method() == ReadMethod.WILLNEED ? ReadPlan.Engine.ADVICE
                : depth > 0 ? ReadPlan.Engine.RING : ReadPlan.Engine.ONE_AT_A_TIME;
        int readers = reading.readers().count() == null ? 1 : reading.readers().count();
        return new ReadPlan(reading, readers, engine == ReadPlan.Engine.RING ? depth : 0, engine, limits.bounded(),
                new ReadPlan.Why(null, null));
    }
}
