package dirdump.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import dirdump.cache.ResidencyChange;
import dirdump.sys.Residency;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A file of unknown residency, before or after, is counted apart in the summary, and none of its pages. */
class ResidencySectionTest {
    @Test
    void anUnknownResidencyIsCountedAsUnknownAndNotInTheSums() {
        ResidencyChange change = new ResidencyChange();
        change.add(new Residency(1, 4, 4096), new Residency(4, 4, 4096));
        change.add(Residency.UNKNOWN, Residency.UNKNOWN);
        change.add(new Residency(2, 6, 4096), Residency.UNKNOWN);  // unknown after: unknown in both

        assertEquals(List.of("page cache: 25.0 % of 4 pages resident before, 100.0 % after; 2 files of unknown residency"),
                new ResidencySection(change).lines());
        JsonObject json = new JsonObject();
        new ResidencySection(change).addTo(json);
        JsonObject before = json.getAsJsonObject("page_cache").getAsJsonObject("before");
        assertEquals(1, before.get("files").getAsLong());
        assertEquals(2, before.get("unknown_files").getAsLong());
        assertEquals(4, before.get("pages").getAsLong());
        assertEquals(1, before.get("pages_resident").getAsLong());
    }

    @Test
    void onlyUnknownFilesShowNoNumber() {
        ResidencyChange change = new ResidencyChange();
        change.add(Residency.UNKNOWN, Residency.UNKNOWN);
        assertEquals(List.of("page cache: 1 file of unknown residency"), new ResidencySection(change).lines());
        JsonObject json = new JsonObject();
        new ResidencySection(change).addTo(json);
        assertTrue(json.getAsJsonObject("page_cache").getAsJsonObject("after").get("percent").isJsonNull());
    }
}
