package dirdump.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Residency.UNKNOWN is a value of its own, never taken for a measurement, and it spreads through a sum. */
class ResidencyTest {
    @Test
    void unknownIsNotAMeasurement() {
        assertFalse(Residency.UNKNOWN.known());
        assertFalse(Residency.UNKNOWN.allResident());
        assertTrue(new Residency(0, 0, 4096).known(), "an empty file is measured: 0 of 0 pages");
    }

    @Test
    void aSumWithAnUnknownPartIsUnknown() {
        Residency part = new Residency(1, 2, 4096);
        assertEquals(new Residency(2, 4, 4096), part.plus(part));
        assertSame(Residency.UNKNOWN, part.plus(Residency.UNKNOWN));
        assertSame(Residency.UNKNOWN, Residency.UNKNOWN.plus(part));
    }
}
