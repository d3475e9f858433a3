package dirdump.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jnr.constants.platform.OpenFlags;
import org.junit.jupiter.api.Test;

/** The flags written out for x86_64 and aarch64 are the ones jnr-constants has for the machine the tests run on. */
class OpenFlagTest {
    @Test
    void writtenOutFlagsAreThisMachines() {
        assertEquals(OpenFlags.O_RDONLY.intValue(), OpenFlag.O_RDONLY);
        assertEquals(OpenFlags.O_WRONLY.intValue(), OpenFlag.O_WRONLY);
        assertEquals(OpenFlags.O_CREAT.intValue(), OpenFlag.O_CREAT);
        assertEquals(OpenFlags.O_EXCL.intValue(), OpenFlag.O_EXCL);
        assertEquals(OpenFlags.O_NOCTTY.intValue(), OpenFlag.O_NOCTTY);
        assertEquals(OpenFlags.O_NONBLOCK.intValue(), OpenFlag.O_NONBLOCK);
        assertEquals(OpenFlags.O_DIRECTORY.intValue(), OpenFlag.O_DIRECTORY);
        assertEquals(OpenFlags.O_NOFOLLOW.intValue(), OpenFlag.O_NOFOLLOW);
        assertEquals(OpenFlags.O_CLOEXEC.intValue(), OpenFlag.O_CLOEXEC);
    }
}
