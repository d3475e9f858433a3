package dirdump.report;

import dirdump.run.ReadResult;
import java.util.ArrayList;
import java.util.List;

/** The parts of a read's summary that its features add, in the order both summaries show them. */
final class ReadSections {
    private ReadSections() {
    }

    static List<SummarySection> of(ReadResult r) {
        List<SummarySection> sections = new ArrayList<>(List.of(new OrderReport(r.devices(), r.locatedAfter()),
                new ResidencySection(r.residency())));
        if (r.maxBytes() != null) {
            sections.add(new ByteBound(r.maxBytes(), r.boundReached(), r.partRead()));
        }
        if (r.replay() != null) {
            sections.add(new ReplaySection(r.replay(), r.tally()));
        }
        if (r.stoppedBy() != null) {
            sections.add(new StoppedBySignal(r.stoppedBy()));
        }
        if (r.ioFallback() != null) {
            sections.add(new IoFallback(r.ioFallback()));
        }
        return sections;
    }
}
