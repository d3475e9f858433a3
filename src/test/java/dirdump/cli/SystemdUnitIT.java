package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dirdump.testing.AsUser;
import dirdump.testing.Launched;
import dirdump.testing.SystemTests;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The example unit dirdump-warm@.service of the .deb, as systemd judges it (systemd-analyze verify and
 * security, offline: no systemd needs to run), and its capabilities, which must let root read a data
 * set of another user's wherever it is.
 */
class SystemdUnitIT {
    private static final Path ANALYZE = Path.of("/usr/bin/systemd-analyze");
    private static final Path DPKG_DEB = Path.of("/usr/bin/dpkg-deb");
    /** The most the issue allows; systemd's own scale: 0 safe to 10 unsafe. */
    private static final double MOST_EXPOSURE = 4.5;

    @TempDir
    Path tmp;

    private Path usr;
    private Path units;
    private String service;

    @BeforeEach
    void theUnitsOfTheUnpackedDeb() throws Exception {
        assumeTrue(Files.isExecutable(ANALYZE), "systemd-analyze is not installed (.ci/run installs systemd)");
        assumeTrue(Files.isExecutable(DPKG_DEB), "dpkg-deb is needed to unpack the .deb");
        String version = InstallIT.version();
        assumeTrue(Files.exists(Path.of("target/dirdump-" + version + ".tar.gz")), "mvn package makes the .deb");
        Path root = tmp.resolve("root");
        Launched x = Launched.of(new ProcessBuilder(DPKG_DEB.toString(), "-x", InstallIT.deb(version).toString(), root.toString()));
        assertEquals(0, x.status(), x.err());
        usr = root.resolve("usr");
        // As the unit's comment says for a prefix systemd does not search: the launcher's full path.
        units = Files.createDirectories(tmp.resolve("units"));
        service = Files.readString(usr.resolve("share/doc/dirdump/dirdump-warm@.service"));
        assertTrue(service.contains("\nExecStart=dirdump "), service);
        Files.writeString(units.resolve("dirdump-warm@.service"),
                service.replace("\nExecStart=dirdump ", "\nExecStart=" + usr.resolve("bin/dirdump") + " "));
        Files.copy(usr.resolve("share/doc/dirdump/dirdump-warm@.timer"), units.resolve("dirdump-warm@.timer"));
    }

    /** systemd-analyze with these arguments, in the units' directory, finding the .deb's man pages. */
    private Launched analyze(String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(ANALYZE.toString());
        pb.command().addAll(List.of(args));
        pb.environment().put("MANPATH", usr.resolve("share/man").toString());
        pb.environment().put("SYSTEMD_PAGER", "");
        return Launched.of(pb.directory(units.toFile()));
    }

    /** The instance for {@code dir}, as `systemctl enable dirdump-warm@$(systemd-escape --path DIR)` names it. */
    private String instance(Path dir, String type) throws Exception {
        String escaped = Launched.of(new ProcessBuilder("systemd-escape", "--path", dir.toString())).out().trim();
        String name = "dirdump-warm@" + escaped + "." + type;
        Files.createSymbolicLink(units.resolve(name), units.resolve("dirdump-warm@." + type));
        return "./" + name;
    }

    @Test
    void systemdFindsNothingWrongInTheUnits() throws Exception {
        Path set = Files.createDirectories(tmp.resolve("set"));
        Launched r = analyze("verify", instance(set, "service"), instance(set, "timer"));
        assertEquals(0, r.status(), r.out() + r.err());
        assertEquals("", r.err(), "systemd's warnings");
    }

    @Test
    void theServiceIsExposedAtMost4Point5AndStillSeesTmpAndHome() throws Exception {
        String unit = instance(tmp.resolve("set"), "service");
        Launched r = analyze("security", "--offline=yes", "--no-pager", unit);
        assertEquals(0, r.status(), r.out() + r.err());
        Matcher overall = Pattern.compile("Overall exposure level for \\S+: (\\d+\\.\\d)").matcher(r.out());
        assertTrue(overall.find(), r.out());
        double exposure = Double.parseDouble(overall.group(1));
        System.out.println("systemd-analyze security --offline=yes: exposure " + exposure);
        assertTrue(exposure <= MOST_EXPOSURE, r.out());

        // A data set under /tmp, /home or /dev/shm stays visible, read-only: systemd's own reading of the unit.
        Map<String, JsonObject> settings = new HashMap<>();
        Launched json = analyze("security", "--offline=yes", "--json=short", unit);
        for (JsonElement e : JsonParser.parseString(json.out()).getAsJsonArray()) {
            settings.put(e.getAsJsonObject().get("name").getAsString(), e.getAsJsonObject());
        }
        assertFalse(settings.get("PrivateTmp=").get("set").getAsBoolean(), "/tmp is the host's");
        assertEquals("Service has read-only access to home directories", settings.get("ProtectHome=").get("description").getAsString());
        assertFalse(settings.get("PrivateDevices=").get("set").getAsBoolean(), "/dev/shm is the host's");
        assertEquals("Service has strict read-only access to the OS file hierarchy",
                settings.get("ProtectSystem=").get("description").getAsString());
        for (String hiding : List.of("InaccessiblePaths=", "TemporaryFileSystem=", "ReadOnlyPaths=", "BindPaths=", "RootDirectory=")) {
            assertFalse(service.contains("\n" + hiding), hiding);
        }
    }

    /**
     * The unit's CapabilityBoundingSet is all root needs to read a data set of another user's, mode
     * 0700 directories of 0600 files, under /tmp and under /home: every file read (and, without it, none).
     * The one under /home only where the machine may be changed (SystemTests), removed after.
     */
    @ParameterizedTest
    @ValueSource(strings = {"/tmp", "/home"})
    void rootWithTheUnitsCapabilitiesReadsAnotherUsersDataSet(String under) throws Exception {
        assumeTrue(AsUser.isRoot(), "the unit runs as root; only root can be given its capabilities");
        Matcher caps = Pattern.compile("\nCapabilityBoundingSet=(.*)\n").matcher(service);
        assertTrue(caps.find(), service);
        List<String> keep = new ArrayList<>();
        for (String cap : caps.group(1).trim().split("\\s+")) {
            keep.add("+" + cap.replaceFirst("^CAP_", "").toLowerCase());
        }
        Path set = tmp.resolve("others");  // the test's own directory is under /tmp
        if (under.equals("/home")) {
            SystemTests.assumeAllowed("writes a data set under /home");
            assumeTrue(Files.isDirectory(Path.of(under)), "no /home here");
            set = Files.createTempDirectory(Path.of(under), "dirdump-it-");
        }
        try {
            int files = Trees.randomTree(set.resolve("data"), 20, 5_000, 7).size();
            assertEquals(0, Trees.sh(set, "chown -R 65534:65534 . && find . -type d -exec chmod 0700 {} + && find . -type f -exec chmod 0600 {} +"));
            JsonObject read = readWith("-all," + String.join(",", keep), set).json();
            assertEquals(files, read.get("files_read").getAsLong(), set.toString());
            assertEquals(0, read.get("errors").getAsLong(), set.toString());
            Launched without = readWith("-all", set);
            assertEquals(1, without.status(), set + ": " + without.err());
            assertTrue(without.err().endsWith(": Permission denied\n"), without.err());
        } finally {
            if (!set.startsWith(tmp)) {
                Trees.sh(set.getParent(), "rm -rf '" + set + "'");
            }
        }
    }

    /** The .deb's dirdump reading {@code set}, as root with only these capabilities in its bounding set. */
    private Launched readWith(String bounding, Path set) throws Exception {
        Launched r = Launched.of(new ProcessBuilder("setpriv", "--bounding-set=" + bounding, "--no-new-privs",
                usr.resolve("bin/dirdump").toString(), "--force", "--json", "-q", set.toString()));
        System.out.println(bounding + ": exit " + r.status() + " " + r.err().lines().findFirst().orElse(""));
        return r;
    }
}
