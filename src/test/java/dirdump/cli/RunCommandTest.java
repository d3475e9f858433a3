package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.DirdumpRun;
import dirdump.testing.LockedMemory;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dirdump run: warm or lock, run COMMAND, release, and exit as COMMAND did. Run in this JVM: its VmLck is run's. */
class RunCommandTest {
    @TempDir
    Path tmp;

    private List<Path> files;

    private Path set() throws Exception {
        Path set = Files.createDirectory(tmp.resolve("set"));
        files = Trees.randomTree(set, 12, 40_000, 1);
        return set;
    }

    @Test
    void itExitsWithTheStatusOfCommandAndSaysNothingOfItsOwn() throws Exception {
        Path set = set();
        DirdumpRun failed = DirdumpRun.of("run", set, "--", "false");
        assertEquals(1, failed.status());
        assertEquals("", failed.err());
        assertEquals(7, DirdumpRun.of("run", set, "--", "sh", "-c", "exit 7").status());
        assertEquals(143, DirdumpRun.of("run", set, "--", "sh", "-c", "kill -TERM $$").status(),
                "128 + the signal that ended it, as the shell says");
        assertEquals(0, DirdumpRun.of("run", set, "--", "sh", "-c", "test \"$1$2\" = --x", "sh", "--", "x").status(),
                "the arguments after -- are COMMAND's, a -- among them too");
    }

    @Test
    void quietAndVerboseAreTakenAsEveryCommandTakesThem() throws Exception {
        Path set = set();
        Path ran = tmp.resolve("ran");
        for (List<Object> before : List.of(List.<Object>of("run", "-q"), List.<Object>of("run", "--quiet"),
                List.<Object>of("-q", "run"))) {
            List<Object> args = new ArrayList<>(before);
            args.addAll(List.of(set, "--", "touch", ran));
            DirdumpRun quiet = DirdumpRun.of(args.toArray());
            assertEquals(0, quiet.status(), quiet.err());
            assertEquals("", quiet.err());
            assertTrue(Files.deleteIfExists(ran), "COMMAND ran: " + args);
        }
        DirdumpRun verbose = DirdumpRun.of("run", "-v", set, "--", "true");
        assertEquals(0, verbose.status(), verbose.err());
        assertTrue(verbose.err().startsWith("dirdump: "), verbose.err());
        DirdumpRun both = DirdumpRun.of("run", "-q", "-v", set, "--", "true");
        assertEquals(2, both.status());
        assertTrue(both.err().startsWith("dirdump: ") && both.err().contains("--quiet, --verbose are mutually exclusive"),
                both.err());
    }

    @Test
    void aScriptWithoutAnInterpreterLineIsRunByTheShellAsAShellRunsIt() throws Exception {
        Path set = set();
        Path script = tmp.resolve("no-shebang");
        Files.writeString(script, "test \"$1 $2\" = \"a b\" && exit 5\nexit 9\n");
        Files.setPosixFilePermissions(script, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        DirdumpRun r = DirdumpRun.of("run", set, "--", script, "a", "b");
        assertEquals(5, r.status(), r.err());
        assertEquals("", r.err());
    }

    @Test
    void theSetIsWarmWhenCommandStarts() throws Exception {
        Path set = set();
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            assertEquals(0, DirdumpRun.of("run", set, "--", "true").status());
            DirdumpRun status = DirdumpRun.json("status", set);
            assertEquals(100.0, status.summary().get("percent").getAsDouble());
        });
    }

    @Test
    void withLockTheSetIsLockedWhileCommandRunsAndReleasedWhenItExits() throws Exception {
        Path set = set();
        long size = 0;
        for (Path f : files) {
            size += (Files.size(f) + 4095) / 4096 * 4096;
        }
        long before = LockedMemory.ofThisProcess();
        Path seen = tmp.resolve("vmlck");
        // COMMAND's parent is this JVM: it reads what its parent has locked while it runs.
        DirdumpRun run = DirdumpRun.of("run", "--lock", set, "--", "sh", "-c",
                "grep VmLck /proc/$PPID/status >\"$1\"; exit 3", "sh", seen);
        assertEquals(3, run.status(), run.err());
        long during = Long.parseLong(Files.readString(seen).replaceAll("[^0-9]", "")) * 1024;
        assertEquals(before + size, during);
        assertEquals(before, LockedMemory.ofThisProcess(), "released when COMMAND exited");
        assertEquals(1, DirdumpRun.of("run", "--lock", set, "--", "false").status());
        assertEquals(before, LockedMemory.ofThisProcess(), "released when COMMAND failed");

        DirdumpRun capped = DirdumpRun.of("run", "--lock", "--max-locked", "1", set, "--", "sh", "-c",
                "grep VmLck /proc/$PPID/status >\"$1\"", "sh", seen);
        assertEquals(0, capped.status(), capped.err());
        assertEquals(before, Long.parseLong(Files.readString(seen).replaceAll("[^0-9]", "")) * 1024,
                "no file fits in one byte");
    }

    @Test
    void aFailedWarmUpIsSaidAndCommandIsNotRunUnlessKeepGoing() throws Exception {
        Path set = set();
        Path ran = tmp.resolve("ran");
        DirdumpRun failed = DirdumpRun.of("run", set, tmp.resolve("missing"), "--", "touch", ran);
        assertEquals(125, failed.status());
        assertFalse(Files.exists(ran));
        assertTrue(failed.err().contains("dirdump: " + tmp.resolve("missing") + ": No such file or directory\n"),
                failed.err());
        assertTrue(failed.err().contains("dirdump: run: the warm-up failed (exit status 2): touch not run "
                + "(--keep-going runs it anyway)"), failed.err());

        DirdumpRun anyway = DirdumpRun.of("run", "--keep-going", set, tmp.resolve("missing"), "--", "touch", ran);
        assertEquals(0, anyway.status(), anyway.err());
        assertTrue(Files.exists(ran));
    }

    @Test
    void aCommandThatCannotBeRunExitsAsTheShellDoes() throws Exception {
        Path set = set();
        DirdumpRun missing = DirdumpRun.of("run", set, "--", "no-such-command-here");
        assertEquals(127, missing.status());
        assertEquals("dirdump: no-such-command-here: command not found\n", missing.err());
        DirdumpRun notExecutable = DirdumpRun.of("run", set, "--", files.get(0));
        assertEquals(126, notExecutable.status(), notExecutable.err());
        assertTrue(notExecutable.err().endsWith(": Permission denied\n"), notExecutable.err());
    }

    @Test
    void usageErrorsAreRefusedBeforeAnythingIsWarmed() throws Exception {
        Path set = set();
        DirdumpRun noCommand = DirdumpRun.of("run", set);
        assertEquals(2, noCommand.status());
        assertTrue(noCommand.err().startsWith("dirdump: run needs -- and the COMMAND to run after the PATHs\n"),
                noCommand.err());
        assertEquals(2, DirdumpRun.of("run", set, "--").status());
        DirdumpRun cap = DirdumpRun.of("run", "--max-locked", "1M", set, "--", "true");
        assertEquals(2, cap.status());
        assertTrue(cap.err().startsWith("dirdump: --max-locked is for --lock\n"), cap.err());
    }

    /** Two .h5 files and a .txt: what a filter before 'run' leaves is the summary's count. */
    private Path h5Set() throws Exception {
        Path set = Files.createDirectory(tmp.resolve("h5"));
        Trees.file(set.resolve("a.h5"), 5000, 1);
        Trees.file(set.resolve("b.h5"), 5000, 2);
        Trees.file(set.resolve("c.txt"), 5000, 3);
        return set;
    }

    @Test
    void walkOptionsBeforeRunApplyToIt() throws Exception {
        Path set = h5Set();
        DirdumpRun included = DirdumpRun.of("--force", "--include", "*.h5", "run", "-v", set, "--", "true");
        assertEquals(0, included.status(), included.err());
        assertTrue(included.err().startsWith("dirdump: read 2 files, "), included.err());

        Path list = tmp.resolve("list");
        Files.writeString(list, set.resolve("c.txt") + "\n");
        DirdumpRun listed = DirdumpRun.of("--force", "-v", "--files-from", list, "run", "--", "true");
        assertEquals(0, listed.status(), listed.err());
        assertTrue(listed.err().startsWith("dirdump: read 1 file, "), listed.err());

        byte[] nulList = (set.resolve("a.h5") + "\0" + set.resolve("b.h5") + "\0").getBytes(StandardCharsets.UTF_8);
        DirdumpRun fromStdin = DirdumpRun.withInput(nulList, "--force", "--files-from", "-", "-0", "run", "-v", "--",
                "true");
        assertEquals(0, fromStdin.status(), fromStdin.err());
        assertTrue(fromStdin.err().startsWith("dirdump: read 2 files, "), fromStdin.err());
    }

    @Test
    void aListBeforeRunThatCannotBeReadIsAFailedWarmUp() throws Exception {
        Path ran = tmp.resolve("ran");
        DirdumpRun missing = DirdumpRun.of("--files-from", tmp.resolve("missing"), "run", "--", "touch", ran);
        assertEquals(125, missing.status());
        assertTrue(missing.err().startsWith("dirdump: " + tmp.resolve("missing") + ": No such file or directory\n"),
                missing.err());
        assertFalse(Files.exists(ran));
    }

    @Test
    void anOptionBeforeRunThatRunWouldNotUseIsAUsageError() throws Exception {
        Path set = h5Set();
        Path ran = tmp.resolve("ran");
        String[][] cases = {
            {"--include *.h5", "--include *.txt", "--include before 'run' and --include after it: give it once, after 'run'"},
            {"--json", "", "--json is for --learn: run says nothing of its own"},
            {"-j 2", "--lock", "--jobs before 'run' does not apply to it: run's options go after 'run' (with --lock, "
                + "dirdump's read options are not used)"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of(c[0].split(" ")));
            args.add("run");
            if (!c[1].isEmpty()) {
                args.addAll(List.of(c[1].split(" ")));
            }
            args.addAll(List.of(set.toString(), "--", "touch", ran.toString()));
            DirdumpRun run = DirdumpRun.of(args.toArray());
            assertEquals(2, run.status(), String.join(" ", args));
            assertTrue(run.err().startsWith("dirdump: " + c[2]), run.err());
            assertFalse(Files.exists(ran), "COMMAND not run");
        }
    }
}
