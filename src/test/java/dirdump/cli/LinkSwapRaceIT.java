package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.testing.Attacker;
import dirdump.testing.BuiltJar;
import dirdump.testing.Launched;
import dirdump.testing.PageCache;
import dirdump.testing.Traced;
import dirdump.testing.Trees;
import dirdump.testing.Until;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Root runs -L over files in a directory another user owns, while that user renames links to
 * /dev/zero, /etc/shadow and a FIFO of theirs, and FIFOs, over the listed files (a bounded loop, in
 * random order, so that some land between the listing and the open). A name that was a file when
 * listed is opened with O_NOFOLLOW: no open of what a link leads to succeeds, nothing hangs.
 *
 * <p>--min-size 4K leaves out what a name that is a link when listed leads to (all the attacker's
 * things are smaller), which -L would follow by design: what is opened then can only be a listed file,
 * or a FIFO renamed over one itself (O_NONBLOCK, told as changed, never read).
 */
class LinkSwapRaceIT {
    private static final int FILES = 2000;

    @org.junit.jupiter.api.io.TempDir
    Path tmp;

    private Attacker attacker;
    private Path owned;
    private Path fifos;
    private Path list;

    @BeforeEach
    void setUp() throws Exception {
        Traced.assumeStrace();
        attacker = Attacker.account();
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        owned = attacker.ownedDirectory(tmp, "owned");
        attacker.ownedDirectory(tmp, "stage");  // where the attacker makes what it renames: never listed
        fifos = attacker.ownedDirectory(tmp, "fifos");
        assertTrue(attacker.sh(fifos, "mkfifo p") == 0);
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < FILES; i++) {
            names.append(owned.resolve("f" + i)).append('\n');
        }
        list = Files.writeString(tmp.resolve("list"), names, StandardCharsets.UTF_8);
    }

    /** The listed files, 8 KiB each, root's, in the attacker's directory: it may rename over them. */
    private void files() throws Exception {
        assertTrue(Trees.sh(owned, "find . -mindepth 1 -delete") == 0);
        for (int i = 0; i < FILES; i++) {
            Trees.file(owned.resolve("f" + i), 8192, i);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"read", "walk", "lock", "evict"})
    void noLinkRenamedOverAListedFileIsFollowed(String command) throws Exception {
        files();
        List<String> words = BuiltJar.command();
        switch (command) {
            case "lock" -> words.addAll(List.of("run", "--lock"));
            case "evict" -> words.add("evict");
            default -> { }
        }
        words.addAll(List.of("-L", "--min-size", "4K"));
        words.addAll(command.equals("walk") ? List.of(owned.toString()) : List.of("--files-from", list.toString()));
        if (command.equals("lock")) {
            words.addAll(List.of("--", "true"));
        }
        Traced traced;
        try {
            attacker.race(owned, "for i in $(seq 0 " + (FILES - 1) + " | shuf); do case $((i % 4)) in "
                    + "0) ln -s /dev/zero ../stage/t;; 1) ln -s /etc/shadow ../stage/t;; "
                    + "2) ln -s " + fifos.resolve("p") + " ../stage/t;; 3) mkfifo ../stage/t;; esac; "
                    + "mv -f ../stage/t f$i; done");
            traced = Traced.run(BuiltJar.builder(words));  // Launched fails it if it does not end
        } finally {
            attacker.close();
        }
        Launched run = traced.run();
        assertTrue(Set.of(0, 1, 125).contains(run.status()), run.status() + ": " + run.err());
        assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err());
        traced.assertNothingOpenedUnder(Path.of("/etc/shadow"));
        traced.assertNothingOpenedUnder(fifos);
        traced.assertNoDeviceOpened();
    }

    /**
     * -L over a link of the attacker's to a file of theirs, retargeted to /dev/zero (a device whose open
     * may act: a watchdog, a tape) or to their FIFO once the read has begun, between the listing and its
     * open: the new target is opened only as a path (O_PATH) and fstat'ed, never opened for reading; one
     * line says so, exit 1. A paced read of a first file holds the read open long enough; that it has
     * begun shows in the page cache.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/dev/zero", "fifo"})
    void aFollowedLinkRetargetedToADeviceOrAFifoIsNeverOpened(String retarget) throws Exception {
        Path stage = tmp.resolve("stage");
        assertTrue(attacker.sh(stage, "head -c 8192 /dev/urandom > real && ln -s " + stage.resolve("real") + " "
                + owned.resolve("b")) == 0);
        Path first = Trees.file(owned.resolve("a"), 256 << 10, 1);
        PageCache.evict(List.of(first, stage.resolve("real")));
        String target = retarget.equals("fifo") ? fifos.resolve("p").toString() : retarget;
        ProcessBuilder pb = BuiltJar.builder(BuiltJar.command("-L", "-j", "1", "--order", "name", "--force",
                "--bwlimit", "64K", owned.toString()));
        CompletableFuture<Traced> running = CompletableFuture.supplyAsync(() -> {
            try {
                return Traced.run(pb);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Traced traced;
        try {
            Until.holds(Duration.ofSeconds(60), "the read of " + first + " begins", () -> PageCache.residentPages(first) > 0);
            assertTrue(attacker.sh(owned, "ln -s " + target + " ../stage/t && mv -f ../stage/t b") == 0);
            traced = running.get(120, TimeUnit.SECONDS);
        } finally {
            attacker.close();
        }
        Launched run = traced.run();
        assertEquals(1, run.status(), run.err());
        String told = "dirdump: " + owned.resolve("b") + ": is now a " + (retarget.equals("fifo") ? "fifo" : "char device")
                + "; not read\n";
        assertTrue(run.err().startsWith(told), run.err());
        assertEquals(1, run.err().lines().filter(l -> l.contains(owned.resolve("b").toString())).count(), run.err());
        traced.assertNoDeviceOpened();
        traced.assertNothingOpenedUnder(fifos);
        assertTrue(traced.opened().contains(first.toString()), "the paced read happened: " + traced.opened());
    }
}
