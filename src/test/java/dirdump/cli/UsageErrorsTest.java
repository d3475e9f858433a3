package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Usage errors say what is wrong and what was meant in one line, then where to read more; help. */
class UsageErrorsTest {
    @TempDir
    Path tmp;

    private void assertUsageError(String expected, String tryHelp, Object... args) {
        DirdumpRun run = DirdumpRun.of(args);
        assertEquals(2, run.status(), run.err());
        assertEquals(expected + "\nTry '" + tryHelp + " --help' for more information.\n", run.err().replace("\r", ""));
        assertEquals("", run.out());
    }

    @Test
    void aRateThatIsNoneSuggestsRates() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("d"));
        assertUsageError("dirdump: Invalid value for option '--bwlimit': 'fast' is not a rate (examples: 50M/s, "
                + "500KiB/s, 1G/s)", "dirdump", "--bwlimit=fast", dir);
        assertUsageError("dirdump: Invalid value for option '--buffer-size': 'big' is not a size (examples: 65536, "
                + "64k, 1M, 1MiB)", "dirdump", "--buffer-size=big", dir);
    }

    @Test
    void aMistypedOptionOrCommandIsNamed() throws Exception {
        Path dir = tmp.resolve("dir");
        Trees.file(dir.resolve("a"), 10, 1);
        assertUsageError("dirdump: Unknown option: '--forse'; did you mean --force?", "dirdump", "--forse", dir);
        assertUsageError("dirdump: Unknown option: '--buffer-sise=1M'; did you mean --buffer-size?", "dirdump",
                "--buffer-sise=1M", dir);
        assertUsageError("dirdump: Unknown option: '--verbos'; did you mean --verbose?", "dirdump status",
                "status", "--verbos", dir);
        assertUsageError("dirdump: 'statu' is no command, and no such PATH exists; did you mean status?", "dirdump",
                "statu", dir);
        assertUsageError("dirdump: Unknown subcommand 'evcit'; did you mean evict?", "dirdump", "help", "evcit");
        assertUsageError("dirdump: Unknown option: '--zzz'", "dirdump", "--zzz", dir);
    }

    @Test
    void aPrefixNamesTheOptionsItBeginsAndEnumValuesAreShownAsTyped() throws Exception {
        Path dir = tmp.resolve("dir");
        Trees.file(dir.resolve("a"), 10, 1);
        assertUsageError("dirdump: Unknown option: '--ex'; did you mean --exclude?", "dirdump", "--ex", "x", dir);
        assertUsageError("dirdump: Unknown option: '--fo'; did you mean --follow or --force?", "dirdump", "--fo", dir);
        assertUsageError("dirdump: Unknown option: '--m'; did you mean --max-bytes, --max-depth, --max-size, --method "
                + "or --min-size?", "dirdump", "--m", dir);
        assertUsageError("dirdump: Invalid value for option '--order': expected one of none, name, inode, physical, auto, "
                + "but was 'inod'; did you mean inode?", "dirdump", "--order", "inod", dir);
        assertUsageError("dirdump: Invalid value for option '--method': expected one of auto, cachestat, mincore, "
                + "but was 'zzz'", "dirdump status", "status", "--method=zzz", dir);
        assertEquals(0, DirdumpRun.of("-q", "--order=PHYSICAL", dir).status(), "any case is still taken");
    }

    @Test
    void pathsBeforeTheCommandAreToldToGoAfterIt() throws Exception {
        Path dir = tmp.resolve("dir");
        Trees.file(dir.resolve("a"), 10, 1);
        assertUsageError("dirdump: PATHs go after 'status' (a directory named status: ./status)", "dirdump status",
                dir, "status");
        assertUsageError("dirdump: PATHs go after 'evict' (a directory named evict: ./evict)", "dirdump evict",
                dir, "evict", dir);
    }

    @Test
    void aFileNamedLikeAMistypedCommandIsRead() throws Exception {
        Path statu = Trees.file(tmp.resolve("statu"), 10, 1);
        DirdumpRun run = DirdumpRun.of("--force", statu.toString());
        assertEquals(0, run.status(), run.err());
        assertTrue(run.err().startsWith("dirdump: read 1 file, 10 B in "), "one file, not 'files': " + run.err());
        assertTrue(run.err().contains("\n  0 directories; "), run.err());
    }

    @Test
    void oneDirectoryIsOneDirectory() throws Exception {
        Path dir = tmp.resolve("dir");
        Trees.file(dir.resolve("a"), 10, 1);
        DirdumpRun run = DirdumpRun.of("--force", "-j", 1, dir);
        assertTrue(run.err().contains("\n  1 directory; ") && run.err().contains(", 1 reader, "), run.err());
    }

    @Test
    void helpNamesACommand() {
        DirdumpRun help = DirdumpRun.of("help", "status");
        assertEquals(0, help.status(), help.err());
        assertTrue(help.out().startsWith("Usage: dirdump status "), help.out());
        assertTrue(DirdumpRun.of("help").out().contains("help"), "help lists itself among the commands");
    }

    @Test
    void anOptionBeforeTheCommandThatItWouldNotUseIsNamed() throws Exception {
        Path dir = tmp.resolve("dir");
        Trees.file(dir.resolve("a"), 10, 1);
        assertUsageError("dirdump: --method before 'status' does not apply to it: status's options go after 'status'",
                "dirdump status", "--method", "willneed", "status", dir);
        assertUsageError("dirdump: --force before 'evict' does not apply to it: evict's options go after 'evict'",
                "dirdump evict", "--force", "evict", dir);
        assertUsageError("dirdump: --jobs before 'order' does not apply to it: order's options go after 'order'",
                "dirdump order", "-j", "2", "order", dir);
        assertUsageError("dirdump: --bwlimit before 'lock' does not apply to it: lock's options go after 'lock'",
                "dirdump lock", "--bwlimit", "1M", "lock", dir);
        assertUsageError("dirdump: --include before 'bench' does not apply to it: bench's options go after 'bench' "
                + "(a read option goes in a --variant)", "dirdump bench", "--include", "*.h5", "bench", dir);
        assertUsageError("dirdump: --jobs before 'bench' does not apply to it: bench's options go after 'bench' "
                + "(a read option goes in a --variant)", "dirdump bench", "-j", "2", "bench", dir);
    }

    @Test
    void aWalkOptionBeforeTheCommandAndAfterItToo() throws Exception {
        Path dir = tmp.resolve("dir");
        Trees.file(dir.resolve("a"), 10, 1);
        for (String command : new String[] {"status", "evict", "lock", "order"}) {
            assertUsageError("dirdump: --exclude before '" + command + "' and --exclude after it: give it once, after '"
                    + command + "'", "dirdump " + command, "--exclude", "x", command, "--exclude", "y", dir);
        }
        assertUsageError("dirdump: --quiet before 'status' and --verbose after it: give one, after 'status'",
                "dirdump status", "-q", "status", "-v", dir);
    }
}
