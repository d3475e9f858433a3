package dirdump.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dirdump.Main;
import org.junit.jupiter.api.Test;

class DaemonTest {
    @Test
    void namesTheEntryPoint() {
        assertEquals(Main.class.getName(), Daemon.MAIN);
    }
}
