package dirdump.report;

import com.google.gson.JsonObject;
import dirdump.outcome.SkipReason;
import dirdump.outcome.Tally;
import dirdump.outcome.Units;
import dirdump.run.PassFacts;
import dirdump.run.ReadResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/** What a read adds to the common part of its summary, in the places both summaries show it. */
record ReadDetail(ReadResult r) implements CommonSummary.Detail {
    @Override
    public SummarySection counts() {
        return new Counts(r.facts().tally());
    }

    /** "read with native (getdents64, statx), 2 readers, 64 reads in flight each (io_uring), 256.0 KiB buffer". */
    @Override
    public String how(PassFacts f) {
        return String.format(Locale.ROOT, "%s with %s, %s, %s buffer", f.how().method(), f.how().io(),
                Units.count(r.readers(), "reader", "readers")
                        + (r.depth() > 0 ? ", " + r.depth() + " reads in flight each (io_uring)" : ""),
                Units.bytes(r.bufferSize()));
    }

    @Override
    public void addHow(JsonObject o) {
        o.addProperty("jobs", r.readers());
        o.addProperty("depth", r.depth());
        o.addProperty("buffer_size", r.bufferSize());
        if (r.ringRefused() != null) {
            o.addProperty("ring_fallback_reason", r.ringRefused());
        }
    }

    @Override
    public List<SummarySection> sections() {
        List<SummarySection> sections = new ArrayList<>(List.of(new Rates(r),
                new OrderReport(r.devices(), r.locatedAfter()), new ReadersReason(r), new ResidencySection(r.residency())));
        if (r.maxBytes() != null || r.fitted() != null) {
            sections.add(new ByteBound(r.maxBytes(), r.boundReached(), r.partRead(), r.fitted()));
        }
        if (r.replay() != null) {
            sections.add(new ReplaySection(r.replay(), r.facts().tally()));
        }
        return sections;
    }

    @Override
    public List<SummarySection> last() {
        return r.ioFallback() == null ? List.of() : List.of(new IoFallback(r.ioFallback()));
    }

    /** "filtered: 4 (pattern 3, size 1)", the holes left out and the bytes left cached; as JSON, "filtered". */
    private record Counts(Tally t) implements SummarySection {
        @Override
        public List<String> lines() {
            List<String> lines = new ArrayList<>();
            if (t.filteredTotal() > 0) {
                StringJoiner by = new StringJoiner(", ");
                for (SkipReason r : SkipReason.values()) {
                    if (r.byFilter && t.skipped(r) > 0) {
                        by.add(String.format(Locale.ROOT, "%s %,d", r.text, t.skipped(r)));
                    }
                }
                lines.add(String.format(Locale.ROOT, "filtered: %,d (%s)", t.filteredTotal(), by));
            }
            if (t.holes() > 0) {
                lines.add("holes: " + Units.bytes(t.holes()) + " of sparse files left out (they read as zeros)");
            }
            if (t.cachedLeft() > 0) {
                lines.add("cached: " + Units.bytes(t.cachedLeft()) + " left alone, in the page cache already");
            }
            return lines;
        }

        @Override
        public void addTo(JsonObject json) {
            JsonObject filtered = new JsonObject();
            filtered.addProperty("total", t.filteredTotal());
            for (SkipReason r : SkipReason.values()) {
                if (r.byFilter) {
                    filtered.addProperty(r.key, t.skipped(r));
                }
            }
            json.add("filtered", filtered);
        }
    }

    /** Why that many readers, beside the devices' orders: "readers: 1 (rotating disk, ...)"; as JSON, "jobs_reason". */
    private record ReadersReason(ReadResult r) implements SummarySection {
        @Override
        public List<String> lines() {
            return r.readersReason() == null ? List.of()
                    : List.of(String.format(Locale.ROOT, "readers: %d (%s)", r.readers(), r.readersReason()));
        }

        @Override
        public void addTo(JsonObject json) {
            if (r.readersReason() != null) {
                json.addProperty("jobs_reason", r.readersReason());
            }
        }
    }

    /** The rates, over the whole run: JSON members only (the first line for people gives them). */
    private record Rates(ReadResult r) implements SummarySection {
        @Override
        public List<String> lines() {
            return List.of();
        }

        @Override
        public void addTo(JsonObject json) {
            json.addProperty("mib_per_second", r.mebibytesPerSecond());
            json.addProperty("files_per_second", r.filesPerSecond());
        }
    }
}
