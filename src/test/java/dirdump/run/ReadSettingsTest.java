package dirdump.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A read's settings are one value of named parts (issue 31: a 12-argument positional ReadSettings,
 * repacked as a 7-argument ReadPlan, was read and built by position): no part of it has more than
 * five, and a ReadRun is made of it alone.
 */
class ReadSettingsTest {
    private static final int MOST = 5;

    @Test
    void noPartHasMoreThanFive() {
        List<String> tooMany = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        parts(ReadSettings.class, seen, tooMany);
        assertEquals(List.of(), tooMany, "parts of more than " + MOST + " components");
        assertTrue(seen.containsAll(List.of("ReadSettings", "FileSelection", "Listing", "WalkSettings", "OrderSettings",
                "Reading", "Readers", "ReadBounds")), seen.toString());
    }

    @Test
    void aReadRunIsMadeOfTheSettingsAlone() {
        Constructor<?>[] made = ReadRun.class.getConstructors();
        assertEquals(1, made.length);
        assertArrayEquals(new Class<?>[] {ReadSettings.class}, made[0].getParameterTypes());
    }

    /** The records of dirdump that make up {@code type}, depth first, each once. */
    private static void parts(Class<?> type, List<String> seen, List<String> tooMany) {
        if (!type.isRecord() || !type.getName().startsWith("dirdump.") || seen.contains(type.getSimpleName())) {
            return;
        }
        seen.add(type.getSimpleName());
        RecordComponent[] components = type.getRecordComponents();
        if (components.length > MOST) {
            tooMany.add(type.getSimpleName() + ": " + components.length);
        }
        for (RecordComponent c : components) {
            parts(c.getType(), seen, tooMany);
        }
    }
}
