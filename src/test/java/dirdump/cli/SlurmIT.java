package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonParser;
import dirdump.testing.Launched;
import dirdump.testing.PageCache;
import dirdump.testing.Slurm;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.TestAbortedException;

/**
 * dirdump in the jobs of a real one-node Slurm (testing.Slurm): warmed through srun and sbatch, exit
 * statuses passed on, run --every-node, locks that end with their job under each proctrack type, the
 * site scripts of contrib/slurm, and a non-root job's refused lock. The launcher, not the built jar
 * (testing.BuiltJar): the site scripts take DIRDUMP as one program, as a site installs it, and slurmd
 * starts them and the jobs with an environment of its own, which bin/start.sh makes fit.
 */
class SlurmIT {
    private static final Path DIRDUMP = Launched.launcher("dirdump");
    private static final Path CONTRIB = Path.of(System.getProperty("user.dir"), "contrib", "slurm");

    @TempDir
    static Path shared;

    /** linuxproc, with the site scripts as Prolog, Epilog and TaskProlog. */
    private static Slurm slurm;
    /** Why it could not be started, where it could not. */
    private static String notStarted;
    private static Path data;
    private static List<Path> files;
    private static Path featureData;
    private static List<Path> featureFiles;
    private static Path siteLog;

    @TempDir
    Path tmp;

    @BeforeAll
    static void cluster() throws Exception {
        // Searchable by all: a job of uid 65534 reads slurm.conf and reaches munged's socket below it.
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwx--x--x"));
        Path cluster = Files.createDirectories(shared.resolve("cluster"));
        data = shared.resolve("data");
        files = Trees.randomTree(data, 20, 64_000, 21);
        featureData = shared.resolve("feature-data");
        featureFiles = Trees.randomTree(featureData, 5, 64_000, 22);
        siteLog = cluster.resolve("site.log");
        Path features = Files.writeString(cluster.resolve("features"), "warmset " + featureData + "\n");
        String settings = "DIRDUMP=" + DIRDUMP + " DIRDUMP_LOG=" + siteLog + " DIRDUMP_FEATURES=" + features + " ";
        try {
            slurm = Slurm.start(cluster, "linuxproc", "Features=warmset",
                    "Prolog=" + wrapper(cluster, "prolog", settings),
                    "Epilog=" + wrapper(cluster, "epilog", settings),
                    "TaskProlog=" + wrapper(cluster, "taskprolog", "DIRDUMP=" + DIRDUMP + " "));
        } catch (TestAbortedException e) {
            notStarted = e.getMessage();  // a skip here would report no test at all: each test skips, saying why
        }
    }

    @BeforeEach
    void clusterStarted() {
        assumeTrue(notStarted == null, notStarted);
    }

    /** The site script as slurm.conf names it, with its settings (slurmd gives scripts none of its environment). */
    private static Path wrapper(Path dir, String name, String settings) throws Exception {
        Path w = dir.resolve(name + ".sh");
        Files.writeString(w, "#!/bin/sh\n" + settings + "exec " + CONTRIB.resolve("dirdump-" + name + ".sh") + "\n");
        Files.setPosixFilePermissions(w, PosixFilePermissions.fromString("rwxr-xr-x"));
        return w;
    }

    @AfterAll
    static void stop() throws Exception {
        if (slurm != null) {
            slurm.close();
        }
    }

    private static long pages(List<Path> set) throws Exception {
        long n = 0;
        for (Path f : set) {
            n += (Files.size(f) + PageCache.PAGE - 1) / PageCache.PAGE;
        }
        return n;
    }

    private static double percent(Path statusJson) throws Exception {
        return JsonParser.parseString(Files.readString(statusJson)).getAsJsonObject().get("percent").getAsDouble();
    }

    @Test
    void srunWarmsTheNodeAndPassesDirdumpsExitStatus() throws Exception {
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            Launched warm = slurm.client("/usr/bin/srun", "--ntasks-per-node=1", DIRDUMP.toString(), "-q", data.toString());
            assertEquals(0, warm.status(), warm.err());
            assertEquals(pages(files), PageCache.residentPages(files), "every page cached after the srun");
        });
        Launched missing = slurm.client("/usr/bin/srun", "--ntasks-per-node=1", DIRDUMP.toString(), "-q",
                tmp.resolve("missing").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("dirdump: " + tmp.resolve("missing") + ": No such file or directory"),
                missing.err());
    }

    @Test
    void aFailedWarmUpFailsTheBatchJobWithItsStatus() throws Exception {
        String good = slurm.submit("srun --ntasks-per-node=1 " + DIRDUMP + " -q " + data + "\n");
        String bad = slurm.submit("srun --ntasks-per-node=1 " + DIRDUMP + " -q " + tmp.resolve("missing") + "\n");
        Slurm.Job ok = slurm.await(good);
        assertEquals("COMPLETED", ok.state(), ok.line());
        assertEquals("0:0", ok.exitCode());
        Slurm.Job failed = slurm.await(bad);
        assertEquals("FAILED", failed.state(), failed.line());
        assertEquals("2:0", failed.exitCode(), "dirdump's exit status, through srun and the batch script");
    }

    @Test
    void runEveryNodeWarmsThenRunsTheCommandAndOutsideSlurmSaysSo() throws Exception {
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            String id = slurm.submit(DIRDUMP + " run --every-node " + data + " -- " + DIRDUMP + " status --json "
                    + data + " > " + tmp.resolve("during.json") + "\n");
            Slurm.Job job = slurm.await(id);
            assertEquals("0:0", job.exitCode(), slurm.output(id));
            assertEquals(100.0, percent(tmp.resolve("during.json")), "warm when COMMAND starts");
        });
        String bad = slurm.submit(DIRDUMP + " run --every-node " + tmp.resolve("missing") + " -- true\n");
        Slurm.Job notRun = slurm.await(bad);
        assertEquals("125:0", notRun.exitCode(), "the warm-up failed on a node: COMMAND not run");
        assertTrue(slurm.output(bad).contains("dirdump: run: the warm-up failed on a node of Slurm job " + bad
                + " (exit status 2): true not run (--keep-going runs it anyway)"), slurm.output(bad));

        Launched outside = Launched.run(DIRDUMP, Map.of(), "run", "--every-node", data.toString(), "--", "true");
        assertEquals(2, outside.status());
        assertEquals("dirdump: run --every-node: not inside a Slurm allocation (no SLURM_JOB_ID): run it in a job "
                + "script (sbatch) or under salloc\n", outside.err());
    }

    @Test
    void runEveryNodeLockHoldsTheSetWhileTheCommandRunsAndReleasesIt() throws Exception {
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            Path during = tmp.resolve("locked.json");
            String id = slurm.submit(DIRDUMP + " run --every-node --lock " + data + " -- sh -c '" + DIRDUMP
                    + " -q evict " + data + "; " + DIRDUMP + " status --json " + data + " > " + during + "; exit 7'\n");
            Slurm.Job job = slurm.await(id);
            assertEquals("FAILED", job.state(), job.line());
            assertEquals("7:0", job.exitCode(), "COMMAND's own status");
            // (that evict exits 1, telling each file whose pages stay: they are locked)
            assertEquals(100.0, percent(during), "locked: an evict during COMMAND leaves every page");
            PageCache.evict(files);
            assertEquals(0, PageCache.residentPages(files), "released once COMMAND ended");
        });
    }

    @Test
    void theTaskPrologWarmsDirdumpWarmAsTheUser() throws Exception {
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            Path during = tmp.resolve("task.json");
            String id = slurm.submit(DIRDUMP + " status --json " + data + " > " + during + "\necho \"warmed=$DIRDUMP_WARMED\"\n",
                    "--export=ALL,DIRDUMP_WARM=" + data + ",TMPDIR=" + tmp);
            Slurm.Job job = slurm.await(id);
            assertEquals("0:0", job.exitCode(), slurm.output(id));
            assertEquals(100.0, percent(during), "warm before the batch script's first line");
            assertTrue(slurm.output(id).contains("warmed=0"), slurm.output(id));
            try (var left = Files.newDirectoryStream(tmp, "dirdump-warm." + id + ".*")) {
                assertFalse(left.iterator().hasNext(), "the TaskProlog's lock file is left behind");
            }
        });
    }

    @Test
    void thePrologWarmsTheCommentsPathsAndAFeaturesAndABadPathNeitherDrainsNorFails() throws Exception {
        PageCache.retryIfDropped(() -> {
            PageCache.evict(files);
            PageCache.evict(featureFiles);
            Path missing = tmp.resolve("no-such-set");
            Path during = tmp.resolve("prolog.json");
            Path featureDuring = tmp.resolve("feature.json");
            String id = slurm.submit(DIRDUMP + " status --json " + data + " > " + during + "\n" + DIRDUMP
                    + " status --json " + featureData + " > " + featureDuring + "\n",
                    "--comment=a comment warm=" + missing + ":" + data, "--constraint=warmset");
            Slurm.Job job = slurm.await(id);
            assertEquals("COMPLETED", job.state(), job.line() + "\n" + slurm.output(id));
            assertEquals(100.0, percent(during), "the comment's path warm before the job");
            assertEquals(100.0, percent(featureDuring), "the feature's path warm before the job");
            assertEquals("idle", slurm.nodeState(), "a bad path does not drain the node");
            String log = Files.readString(siteLog);
            assertTrue(log.contains("job " + id + ": warmed " + data + " as user"), log);
            assertTrue(log.contains("job " + id + ": warming " + missing + " as user failed (exit status 2): dirdump: "
                    + missing + ": No such file or directory"), log);
            assertTrue(log.contains("job " + id + ": warmed " + featureData + " as root"), log);
            // A line a path: the path that failed named alone, the other said warmed; nothing of the other words.
            assertEquals(3, log.lines().filter(l -> l.contains("job " + id + ": ")).count(), log);
        });
    }

    @Test
    void theEpilogEndsALockTheJobLeftBehind() throws Exception {
        Path pid = tmp.resolve("orphan.pid");
        String id = slurm.submit(String.join("\n",
                "setsid " + DIRDUMP + " -q lock --pidfile " + pid + " " + data + " </dev/null >/dev/null 2>&1 &",
                "i=0",
                "until grep -qs 'VmLck:[[:space:]]*[1-9]' /proc/$(cat " + pid + " 2>/dev/null)/status; do",
                "  i=$((i + 1)); [ $i -lt 600 ] || exit 4; sleep 0.1",
                "done",
                "cp " + pid + " " + pid + ".held",
                ""));
        Slurm.Job job = slurm.await(id);
        assertEquals("0:0", job.exitCode(), slurm.output(id));
        long orphan = Long.parseLong(Files.readString(Path.of(pid + ".held")).trim());
        slurm.await("the Epilog to end pid " + orphan, () -> ProcessHandle.of(orphan).map(p -> !p.isAlive()).orElse(true));
        String log = Files.readString(siteLog);
        // Another job of the same number (a cluster of an earlier run on this machine) may have left one too.
        assertTrue(java.util.regex.Pattern.compile("job " + id + ": ended dirdump left by the job: pid ([0-9]+ )*" + orphan
                + "( [0-9]+)* \\(SIGTERM\\)").matcher(log).find(), log);
        assertTrue(!Files.exists(pid), "a SIGTERM: the lock's own end, its pid file removed");
    }

    /** As uid 65534 with RLIMIT_MEMLOCK 8 MiB at sbatch, passed on to the job (PropagateResourceLimits). */
    @Test
    void aNonRootJobsRefusedLockSaysWhatToChange() throws Exception {
        Path open = Files.createDirectories(tmp.resolve("open"));
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path big = Files.createDirectories(open.resolve("big"));
        List<Path> set = List.of(Trees.file(big.resolve("a"), 6 << 20, 1), Trees.file(big.resolve("b"), 6 << 20, 2));
        for (Path f : set) {
            f.toFile().setReadable(true, false);
        }
        Path script = Files.writeString(open.resolve("job.sh"), "#!/bin/sh\n" + DIRDUMP + " lock " + big + "\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Launched sbatch = slurm.client("/usr/bin/prlimit", "--memlock=8388608:8388608", "/usr/sbin/runuser", "-u",
                "nobody", "--", "/usr/bin/sbatch", "--parsable", "--chdir=" + open, "-o", open + "/out", script.toString());
        assertEquals(0, sbatch.status(), sbatch.err());
        String id = sbatch.out().trim();
        Slurm.Job job = slurm.await(id);
        String said = Files.readString(open.resolve("out"));
        assertEquals("2:0", job.exitCode(), said);
        assertEquals("dirdump: cannot lock: the set needs 12.0 MiB locked, more than RLIMIT_MEMLOCK allows (8.0 MiB; "
                + "ulimit -l, LimitMEMLOCK= in a systemd unit): raise it, or give --max-locked; in Slurm job " + id
                + " RLIMIT_MEMLOCK is the one of the shell that ran sbatch or srun (PropagateResourceLimits), and the "
                + "job's memory cgroup (--mem) must hold the set too: see dirdump's docs/slurm.md\n", said);
    }

    /**
     * A lock started in a job ends with it, under each proctrack type: --daemon in the batch script (bound
     * to the script), and a background srun step; srun dirdump lock --daemon is refused with the pattern.
     */
    @ParameterizedTest
    @ValueSource(strings = {"linuxproc", "pgid", "cgroup"})
    void aLockStartedInAJobEndsWithTheJob(String proctrack) throws Exception {
        Path cluster = Files.createDirectories(tmp.resolve("cluster"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        try (Slurm own = Slurm.start(cluster, proctrack, "")) {
            String id = own.submit(String.join("\n",
                    DIRDUMP + " -q lock --daemon --pidfile " + out + "/daemon.pid " + data + " || exit 3",
                    "grep VmLck: /proc/$(cat " + out + "/daemon.pid)/status > " + out + "/daemon.vmlck",
                    "cp " + out + "/daemon.pid " + out + "/daemon.held",  // the pid file goes with the lock
                    "srun --ntasks-per-node=1 " + DIRDUMP + " -q lock --daemon " + data + " 2> " + out + "/refused.err",
                    "echo $? > " + out + "/refused.status",
                    "srun --overlap --ntasks-per-node=1 " + DIRDUMP + " -q lock --pidfile " + out + "/step.pid " + data + " &",
                    "lock=$!",
                    "i=0",
                    "until grep -qs 'VmLck:[[:space:]]*[1-9]' /proc/$(cat " + out + "/step.pid 2>/dev/null)/status; do",
                    "  i=$((i + 1)); [ $i -lt 600 ] || exit 4; sleep 0.1",
                    "done",
                    "grep VmLck: /proc/$(cat " + out + "/step.pid)/status > " + out + "/step.vmlck",
                    "cp " + out + "/step.pid " + out + "/step.held",
                    // docs/slurm.md's end of the step: SIGINT to the job's steps, the lock ends well, nothing is said.
                    "scancel --quiet --signal=INT $SLURM_JOB_ID; wait $lock",
                    "echo $? > " + out + "/step.status",
                    ""));
            Slurm.Job job = own.await(id);
            assertEquals("0:0", job.exitCode(), job.line() + "\n" + own.output(id));
            assertEquals("0\n", Files.readString(out.resolve("step.status")), "the lock step ended well");
            assertFalse(own.output(id).contains("CANCELLED") || own.output(id).contains("aborted"),
                    "nothing of the lock step's end in the job's output: " + own.output(id));
            String locked = "VmLck:\t" + String.format("%8d", pages(files) * 4) + " kB\n";
            assertEquals(locked, Files.readString(out.resolve("daemon.vmlck")), "--daemon held the set in the job");
            assertEquals(locked, Files.readString(out.resolve("step.vmlck")), "the background step held it");
            assertEquals("2\n", Files.readString(out.resolve("refused.status")));
            assertTrue(Files.readString(out.resolve("refused.err")).contains("srun --overlap --ntasks-per-node=1 "
                    + "dirdump lock PATH... &"), Files.readString(out.resolve("refused.err")));
            for (String pidFile : List.of("daemon.held", "step.held")) {
                long pid = Long.parseLong(Files.readString(out.resolve(pidFile)).trim());
                own.await(pidFile + "'s lock (pid " + pid + ") to end with job " + id,
                        () -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
            }
        }
    }
}
