package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.Launched;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The .deb `mvn package` made, as a Debian maintainer checks one: lintian, and the changelog it ships. */
class LintianIT {
    private static final Path LINTIAN = Path.of("/usr/bin/lintian");
    private static final Path DPKG_DEB = Path.of("/usr/bin/dpkg-deb");

    @TempDir
    Path tmp;

    private String version;
    private Path deb;

    @BeforeEach
    void theDebIsBuilt() throws Exception {
        assumeTrue(Files.isExecutable(DPKG_DEB), "dpkg-deb is needed to read the .deb");
        version = InstallIT.version();
        assumeTrue(Files.exists(Path.of("target/dirdump-" + version + ".tar.gz")),
                "mvn package makes the .deb (not with -Ddirdump.dist=false)");
        deb = InstallIT.deb(version);
    }

    @Test
    void lintianFindsNoErrorAndNoWarning() throws Exception {
        assumeTrue(Files.isExecutable(LINTIAN), "lintian is not installed (.ci/run installs it)");
        // Its temporary files in the test's directory: lintian leaves one behind (mldbm-elf-*, a Berkeley DB).
        ProcessBuilder pb = new ProcessBuilder(LINTIAN.toString(), "--fail-on", "error,warning", deb.toString());
        pb.environment().put("TMPDIR", tmp.toString());
        Launched r = Launched.of(pb);
        List<String> tags = r.out().lines().filter(l -> l.matches("[EW]: .*")).toList();
        assertEquals(List.of(), tags, r.out());
        assertEquals(0, r.status(), r.out() + r.err());
    }

    @Test
    void theChangelogNamesThisVersionAndTheMaintainer() throws Exception {
        Launched x = Launched.of(new ProcessBuilder(DPKG_DEB.toString(), "-x", deb.toString(), tmp.toString()));
        assertEquals(0, x.status(), x.err());
        String changelog;
        try (var in = new GZIPInputStream(Files.newInputStream(tmp.resolve("usr/share/doc/dirdump/changelog.gz")))) {
            changelog = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // A release adds its entry on top (dch -v VERSION), with the version the pom gives.
        assertTrue(changelog.startsWith("dirdump (" + version + ") "), changelog);
        String maintainer = Launched.of(new ProcessBuilder(DPKG_DEB.toString(), "-f", deb.toString(), "Maintainer")).out().trim();
        String signature = changelog.lines().filter(l -> l.startsWith(" -- ")).findFirst().orElseThrow();
        assertTrue(signature.startsWith(" -- " + maintainer + "  "), signature + " is not " + maintainer);
        assertTrue(Files.isRegularFile(tmp.resolve("usr/share/doc/dirdump/copyright")));
    }
}
