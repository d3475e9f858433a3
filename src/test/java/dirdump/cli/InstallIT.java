package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.Launched;
import dirdump.testing.SystemTests;
import dirdump.testing.Tools;
import dirdump.testing.Trees;
import dirdump.testing.Zsh;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/install, and the .deb, as a user installs and runs them: the installed dirdump runs with a PATH
 * of java and a few coreutils only (no Maven), from a tree that holds nothing of the checkout. The
 * release tarball and the .deb are those `mvn package` made before these tests.
 */
class InstallIT {
    private static final Path CHECKOUT = Path.of(System.getProperty("user.dir"));
    /** All the installed launcher runs, besides sh and java. */
    private static final List<String> LAUNCHER_TOOLS = List.of("readlink", "dirname", "find", "mkdir", "mv", "rm");
    /** And bin/install; not Maven: with the tarball up to date it builds nothing. */
    private static final List<String> INSTALL_TOOLS = List.of("readlink", "dirname", "find", "mkdir", "mv", "rm", "sed",
            "head", "tar", "gzip");
    /** Compressed, as Debian's policy wants them in the .deb: one layout for every install. */
    static final List<String> PAGES = List.of("dirdump.1.gz", "dirdump-order.1.gz", "dirdump-status.1.gz",
            "dirdump-evict.1.gz", "dirdump-lock.1.gz", "dirdump-run.1.gz", "dirdump-bench.1.gz", "testdata-gen.1.gz");

    @TempDir
    Path tmp;

    private String version;
    private Path data;
    private long bytes;
    private Path javaLog;
    /** The launcher's tools and java behind a script that logs each start (Tools.loggingJava). */
    private Path tools;

    @BeforeEach
    void theReleaseTarballIsBuilt() throws Exception {
        version = version();
        assumeTrue(Files.exists(CHECKOUT.resolve("target/dirdump-" + version + ".tar.gz")),
                "mvn package makes the release tarball (not with -Ddirdump.dist=false)");
        data = tmp.resolve("data");
        bytes = Trees.totalSize(Trees.randomTree(data, 30, 10_000, 1));
        javaLog = tmp.resolve("java.log");
        tools = Tools.links(tmp.resolve("tools"), LAUNCHER_TOOLS);
        Files.createSymbolicLink(tools.resolve("java"), Tools.loggingJava(tmp.resolve("jdk"), javaLog));
    }

    /** The version the build wrote, which names the tarball and the .deb. */
    static String version() throws IOException {
        Properties p = new Properties();
        try (var in = Files.newInputStream(CHECKOUT.resolve("target/classes/dirdump/version.properties"))) {
            p.load(in);
        }
        return p.getProperty("version");
    }

    /** bin/install with DESTDIR (if not null) and --prefix; returns DESTDIR/PREFIX. */
    private Path install(Path destdir, String prefix) throws Exception {
        Path installTools = Tools.links(tmp.resolve("install-tools"), INSTALL_TOOLS);
        // The JVM the runs use (the test's), so that the archive the install makes is the one they find.
        Files.createSymbolicLink(installTools.resolve("java"), Path.of(System.getProperty("java.home"), "bin/java"));
        Map<String, String> env = new HashMap<>(Map.of("PATH", installTools.toString()));
        if (destdir != null) {
            env.put("DESTDIR", destdir.toString());
        }
        Launched r = Launched.runIn(env, CHECKOUT.resolve("bin/install"), "--prefix", prefix);
        Path root = Path.of((destdir == null ? "" : destdir.toString()) + prefix);
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err(), "nothing built, nothing to say");
        assertEquals("installed dirdump " + version + " in " + root + "\n", r.out());
        return root;
    }

    private Map<String, String> environment(String... more) {
        Map<String, String> env = new HashMap<>(Map.of("PATH", tools.toString()));
        for (int i = 0; i < more.length; i += 2) {
            env.put(more[i], more[i + 1]);
        }
        return env;
    }

    private List<String> javaStarts() throws IOException {
        return Files.exists(javaLog) ? Files.readAllLines(javaLog) : List.of();
    }

    /** The installed dirdump reads the tree of 30 files: every file and byte. */
    private void readsATree(Path root, Map<String, String> env) throws Exception {
        Launched r = Launched.runIn(env, root.resolve("bin/dirdump"), "--force", "--json", data.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        assertEquals(30, r.json().get("files_read").getAsLong());
        assertEquals(bytes, r.json().get("bytes_read").getAsLong());
    }

    @Test
    void anInstallIntoADestdirHasTheLayoutAndRunsThereWithoutMavenOrTheCheckout() throws Exception {
        Path root = install(tmp.resolve("stage"), "/usr");

        for (String file : List.of("bin/dirdump", "bin/testdata-gen", "lib/dirdump/make-archive")) {
            assertTrue(Files.isExecutable(root.resolve(file)), file);
        }
        for (String file : List.of("share/dirdump/dirdump.jar", "share/bash-completion/completions/dirdump",
                "share/zsh/site-functions/_dirdump", "share/doc/dirdump/README.md", "share/doc/dirdump/copyright",
                "share/doc/dirdump/examples/dirdump-warm", "share/doc/dirdump/docs/json.md",
                "share/doc/dirdump/docs/exit-status.md", "share/doc/dirdump/docs/man/dirdump.md")) {
            assertTrue(Files.isRegularFile(root.resolve(file)), file);
        }
        for (String page : PAGES) {
            assertTrue(Files.isRegularFile(root.resolve("share/man/man1").resolve(page)), page);
        }
        // The schema as a file, where docs/json.md and --help say it is, the same bytes --json-schema prints.
        assertEquals(Files.readString(CHECKOUT.resolve("src/main/resources/dirdump/schema/dirdump-record.schema.json")),
                Files.readString(root.resolve("share/dirdump/dirdump-record.schema.json")));
        String service = Files.readString(root.resolve("share/doc/dirdump/dirdump-warm@.service"));
        assertTrue(service.contains("\nExecStart=dirdump --quiet "), service);
        assertTrue(Files.readString(root.resolve("share/doc/dirdump/dirdump-warm@.timer")).contains("\n[Timer]\n"));
        try (Stream<Path> all = Files.walk(root)) {
            for (Path f : all.filter(Files::isRegularFile).collect(Collectors.toList())) {
                assertFalse(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(CHECKOUT.toString()),
                        f + " names the checkout");
                assertFalse(f.toString().endsWith(".jsa"), "no archive under DESTDIR: its paths would be the staging tree's");
            }
        }

        // The first run makes the class-data archive in the cache directory, and later runs use it.
        Path cache = tmp.resolve("cache");
        Map<String, String> env = environment("XDG_CACHE_HOME", cache.toString());
        readsATree(root, env);
        readsATree(root, env);
        List<String> starts = javaStarts();
        assertEquals(3, starts.size(), "one training run, then one JVM a run: " + starts);
        Path archive;
        try (Stream<Path> archives = Files.walk(cache)) {
            archive = archives.filter(f -> f.toString().endsWith(".jsa")).findFirst().orElseThrow();
        }
        assertTrue(archive.startsWith(cache.resolve("dirdump" + root.resolve("lib/dirdump").toRealPath())), archive.toString());
        assertTrue(starts.get(0).contains(ArchiveOptions.MAKE + archive + "."), starts.get(0));
        assertTrue(starts.get(1).contains(ArchiveOptions.USE + archive + " "), starts.get(1));
        assertTrue(starts.get(2).contains(ArchiveOptions.USE + archive + " "), starts.get(2));

        // Without HOME and XDG_CACHE_HOME there is no cache: no archive, and no training run either.
        readsATree(root, environment());
        assertEquals(4, javaStarts().size());
        assertFalse(ArchiveOptions.named(javaStarts().get(3)), javaStarts().get(3));

        Launched generator = Launched.runIn(environment(), root.resolve("bin/testdata-gen"), "--help");
        assertEquals(0, generator.status(), generator.err());
        assertTrue(generator.out().startsWith("Usage: testdata-gen "), generator.out());
    }

    @Test
    void anInstallToAPrefixMakesTheArchiveOnceForEveryUser() throws Exception {
        Path root = install(null, tmp.resolve("prefix").toString());
        Set<Path> archives;
        try (Stream<Path> files = Files.list(root.resolve("lib/dirdump"))) {
            archives = files.filter(f -> f.toString().endsWith(".jsa")).collect(Collectors.toSet());
        }
        // One for the JVM the install ran with (the test's), and one for each other of Java 17 or newer in /usr/lib/jvm.
        Path ours = root.resolve("lib/dirdump/dirdump-" + System.getProperty("java.runtime.version") + ".jsa");
        Set<Path> expected = new HashSet<>(Set.of(ours));
        for (String build : installedJvmBuilds()) {
            expected.add(root.resolve("lib/dirdump/dirdump-" + build + ".jsa"));
        }
        assertEquals(expected, archives);

        readsATree(root, environment());  // no HOME: only the install's archive can be used
        assertEquals(1, javaStarts().size(), javaStarts().toString());
        assertTrue(javaStarts().get(0).contains(ArchiveOptions.USE + ours.toRealPath() + " "), javaStarts().get(0));
    }

    /**
     * make-archive (which postinst runs as root) starts no JVM of /usr/lib/jvm that another user could
     * change: here one whose directory anyone may write, whose java would leave a mark if it ran.
     */
    @Test
    void noArchiveIsMadeWithAJvmAnotherUserCanChange() throws Exception {
        SystemTests.assumeAllowed("adds a directory to /usr/lib/jvm");
        Path jvms = Path.of("/usr/lib/jvm");
        assumeTrue(Files.isDirectory(jvms) && Files.isWritable(jvms), "needs /usr/lib/jvm, writable (root)");
        Path root = install(null, tmp.resolve("prefix").toString());
        Path mark = tmp.resolve("ran");
        Path jvm = Files.createDirectory(jvms.resolve("dirdump-test-" + ProcessHandle.current().pid()));
        try {
            Files.writeString(jvm.resolve("release"), "JAVA_VERSION=\"17.0.99\"\nJAVA_RUNTIME_VERSION=\"17.0.99+1-test\"\n");
            Path java = Files.createDirectory(jvm.resolve("bin")).resolve("java");
            Files.writeString(java, "#!/bin/sh\n/usr/bin/touch '" + mark + "'\nexit 1\n");
            Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.setPosixFilePermissions(jvm, PosixFilePermissions.fromString("rwxrwxrwx"));

            Launched made = Launched.runIn(environment(), root.resolve("lib/dirdump/make-archive"));
            assertEquals(0, made.status(), made.err());
            assertFalse(Files.exists(mark), "the java of a directory anyone may write was run");
        } finally {
            try (Stream<Path> files = Files.walk(jvm)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                    Files.delete(f);
                }
            }
        }
    }

    /** The builds (JAVA_RUNTIME_VERSION) of the JVMs of Java 17 or newer in /usr/lib/jvm, from their release files. */
    private static Set<String> installedJvmBuilds() throws IOException {
        Set<String> builds = new HashSet<>();
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return builds;
        }
        try (Stream<Path> homes = Files.list(jvms)) {
            for (Path home : homes.collect(Collectors.toList())) {
                Path release = home.resolve("release");
                if (!Files.isExecutable(home.resolve("bin/java")) || !Files.isRegularFile(release)) {
                    continue;
                }
                Properties p = new Properties();
                try (var in = Files.newInputStream(release)) {
                    p.load(in);
                }
                String version = p.getProperty("JAVA_VERSION", "\"0\"").replace("\"", "");
                String build = p.getProperty("JAVA_RUNTIME_VERSION", "").replace("\"", "");
                if (Integer.parseInt(version.replaceFirst("^1\\.", "").split("[^0-9]", 2)[0]) >= 17 && !build.isEmpty()) {
                    builds.add(build);
                }
            }
        }
        return builds;
    }

    @Test
    void theInstalledManPagesRender() throws Exception {
        Path man = Path.of("/usr/bin/man");
        assumeTrue(Files.isExecutable(man), "man(1) is needed to render the pages");
        Path root = install(tmp.resolve("stage"), "/usr/local");
        for (String page : PAGES) {
            ProcessBuilder pb = new ProcessBuilder(man.toString(), "-l", root.resolve("share/man/man1").resolve(page).toString());
            pb.environment().putAll(Map.of("MANWIDTH", "80", "MANPAGER", "cat", "PAGER", "cat"));
            Launched r = Launched.of(pb);
            assertEquals(0, r.status(), r.err());
            assertEquals("", r.err(), page + ": groff's warnings");
            for (String heading : List.of("NAME", "SYNOPSIS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT")) {
                assertTrue(r.out().contains("\n" + heading + "\n"), page + ": " + heading);
            }
            assertTrue(r.out().contains("DIRDUMP_JAVA_OPTS"), page);
        }
    }

    @Test
    void aJavaOlderThan17OrNoneIsToldInOneLine() throws Exception {
        Path root = install(tmp.resolve("stage"), "/usr");
        Path launcher = root.resolve("bin/dirdump");

        Path old = Tools.script(tmp.resolve("java11/java"), "echo 'openjdk version \"11.0.20\" 2023-07-18' >&2",
                "echo 'OpenJDK Runtime Environment (build 11.0.20+8-post-Debian-1deb11u1)' >&2");
        Launched onPath = Launched.runIn(environment("PATH", old.getParent() + ":" + tools), launcher, "--version");
        assertEquals(2, onPath.status());
        assertEquals("dirdump: needs Java 17 or newer (found 11 at " + old + "); set JAVA_HOME\n", onPath.err());
        assertEquals("", onPath.out());

        // A JAVA_HOME's version is read from its release file: its java is not even started.
        Path home = tmp.resolve("jdk11");
        Tools.script(home.resolve("bin/java"), "echo started >&2", "exit 99");
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Debian\"\nJAVA_VERSION=\"11.0.20\"\n");
        Launched javaHome = Launched.runIn(environment("JAVA_HOME", home.toString()), launcher, "--version");
        assertEquals(2, javaHome.status());
        assertEquals("dirdump: needs Java 17 or newer (found 11 at " + home.resolve("bin/java") + "); set JAVA_HOME\n",
                javaHome.err());

        Path noJava = Tools.links(tmp.resolve("no-java"), LAUNCHER_TOOLS);
        Launched none = Launched.runIn(Map.of("PATH", noJava.toString()), launcher, "--version");
        assertEquals(2, none.status());
        assertEquals("dirdump: needs Java 17 or newer (found no java on PATH); install one or set JAVA_HOME\n", none.err());
    }

    @Test
    void badArgumentsAreRefusedInOneLine() throws Exception {
        Launched relative = Launched.runIn(Map.of("PATH", "/usr/bin:/bin"), CHECKOUT.resolve("bin/install"), "--prefix", "usr");
        assertEquals(2, relative.status());
        assertEquals("dirdump: install: --prefix must be an absolute path, not 'usr'\n", relative.err());
        Launched unknown = Launched.runIn(Map.of("PATH", "/usr/bin:/bin"), CHECKOUT.resolve("bin/install"), "--prefx=/usr");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().startsWith("dirdump: install: unknown argument '--prefx=/usr'; usage: bin/install "),
                unknown.err());
    }

    @Test
    void theDebiansZshCompletionIsWhereDebiansZshLooksAndOffersTheCommands() throws Exception {
        Path dpkgDeb = Path.of("/usr/bin/dpkg-deb");
        assumeTrue(Files.isExecutable(dpkgDeb), "dpkg-deb is needed to unpack the .deb");
        Path zsh = Tools.which("zsh");
        Path unpacked = tmp.resolve("root");
        assertEquals(0, Launched.of(new ProcessBuilder(dpkgDeb.toString(), "-x", deb(version).toString(), unpacked.toString())).status());
        Path completions = unpacked.resolve("usr/share/zsh/vendor-completions");
        assertTrue(Files.isRegularFile(completions.resolve("_dirdump")));

        // Where Debian's zsh looks, without any ~/.zshrc: the .deb's directory, and bin/install's for /usr/local.
        List<String> fpath = Launched.of(new ProcessBuilder(zsh.toString(), "-f", "-c", "print -rl -- $fpath")).out().lines().toList();
        assertTrue(fpath.contains("/usr/share/zsh/vendor-completions"), fpath.toString());
        assertTrue(fpath.contains("/usr/local/share/zsh/site-functions"), fpath.toString());

        // The unpacked directory stands for /usr/share/zsh/vendor-completions, first on zsh's own fpath.
        Path dir = Files.createDirectories(tmp.resolve("empty"));
        assertEquals(Set.of("order", "status", "evict", "lock", "run", "bench", "help"), Zsh.offered(completions, dir, "dirdump "),
                "in an empty directory, the commands only");
    }

    /** The .deb `mvn package` made: dirdump_VERSION_ARCH.deb, of the build machine's architecture. */
    static Path deb(String version) throws IOException {
        try (Stream<Path> files = Files.list(CHECKOUT.resolve("target"))) {
            List<Path> debs = files.filter(f -> f.getFileName().toString().matches("dirdump_" + java.util.regex.Pattern.quote(version)
                    + "_[a-z0-9]+\\.deb")).toList();
            assertEquals(1, debs.size(), "one .deb in target/: " + debs);
            return debs.get(0);
        }
    }

    @Test
    void theDebianPackageDependsOnJava17AndRunsWhereItIsUnpacked() throws Exception {
        Path dpkgDeb = Path.of("/usr/bin/dpkg-deb");
        assumeTrue(Files.isExecutable(dpkgDeb), "dpkg-deb is needed to unpack the .deb");
        Path deb = deb(version);

        Launched fields = Launched.of(new ProcessBuilder(dpkgDeb.toString(), "-f", deb.toString(), "Package", "Version",
                "Architecture", "Depends", "Recommends"));
        String arch = deb.getFileName().toString().replaceAll(".*_(.*)\\.deb", "$1");
        assertEquals("Package: dirdump\nVersion: " + version + "\nArchitecture: " + arch + "\n"
                + "Depends: default-jre-headless (>= 2:1.17) | java17-runtime-headless, libc6 (>= 2.17)\n"
                + "Recommends: bash-completion\n", fields.out());
        Launched contents = Launched.of(new ProcessBuilder(dpkgDeb.toString(), "-c", deb.toString()));
        assertTrue(contents.out().lines().anyMatch(l -> l.startsWith("-rwxr-xr-x root/root") && l.endsWith(" ./usr/bin/dirdump")),
                contents.out());
        // One architecture's jni library (the package's), and zsh's completion where Debian's zsh looks.
        List<String> libraries = contents.out().lines().filter(l -> l.endsWith(".so")).toList();
        assertEquals(1, libraries.size(), libraries.toString());
        assertTrue(contents.out().contains(" ./usr/share/zsh/vendor-completions/_dirdump\n"), contents.out());
        assertTrue(contents.out().contains(" ./usr/share/dirdump/dirdump-record.schema.json\n"), contents.out());
        assertFalse(contents.out().contains("site-functions"), contents.out());
        Path control = tmp.resolve("control");
        assertEquals(0, Launched.of(new ProcessBuilder(dpkgDeb.toString(), "-e", deb.toString(), control.toString())).status());
        assertTrue(Files.readString(control.resolve("postinst")).contains("/usr/lib/dirdump/make-archive"));
        assertTrue(Files.readString(control.resolve("prerm")).contains("rm -f /usr/lib/dirdump/dirdump-*.jsa"));

        Path unpacked = tmp.resolve("root");
        Launched x = Launched.of(new ProcessBuilder(dpkgDeb.toString(), "-x", deb.toString(), unpacked.toString()));
        assertEquals(0, x.status(), x.err());
        Path root = unpacked.resolve("usr");
        readsATree(root, environment());
        // What postinst runs, here in the unpacked tree: then the runs use that archive.
        Launched made = Launched.runIn(environment(), root.resolve("lib/dirdump/make-archive"));
        assertEquals(0, made.status(), made.err());
        List<String> before = new ArrayList<>(javaStarts());
        readsATree(root, environment());
        List<String> after = javaStarts();
        assertEquals(before.size() + 1, after.size());
        assertTrue(after.get(after.size() - 1).contains(ArchiveOptions.USE + root.resolve("lib/dirdump").toRealPath()
                + "/dirdump-"), after.get(after.size() - 1));
    }
}
