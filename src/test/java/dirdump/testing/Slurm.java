package dirdump.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A one-node Slurm (Debian's slurm-wlm and munge) of its own in a temporary directory: its own munged
 * (key and socket there), slurm.conf, ports, state, spool and logs, so nothing system-wide is used or
 * changed. munged, slurmctld and slurmd run in the foreground as this process's children; close() ends
 * each by its pid (SIGTERM, then SIGKILL after a bounded wait). Needs root (slurmd runs jobs as their
 * users) and {@link SystemTests}; skipped, with the reason, without them or the packages.
 */
public final class Slurm implements AutoCloseable {
    /** A job's end as scontrol says it: JobState and ExitCode (STATUS:SIGNAL). */
    public record Job(String id, String state, String exitCode, String line) {
    }

    private static final Set<String> ENDED = Set.of("COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL",
            "PREEMPTED", "OUT_OF_MEMORY", "BOOT_FAIL", "DEADLINE");
    private static final Pattern STATE = Pattern.compile("\\bJobState=(\\S+)");
    private static final Pattern EXIT = Pattern.compile("\\bExitCode=(\\S+)");

    public final Path dir;
    public final Path conf;
    private final List<Process> daemons = new ArrayList<>();

    private Slurm(Path dir) {
        this.dir = dir;
        this.conf = dir.resolve("slurm.conf");
    }

    /**
     * Starts one with {@code proctrack} (linuxproc, pgid, cgroup: cgroup v1, nothing constrained) and
     * {@code extra} slurm.conf lines (Prolog=..., a node's Features=... go in {@code nodeExtra}).
     */
    public static Slurm start(Path dir, String proctrack, String nodeExtra, String... extra) throws Exception {
        SystemTests.assumeAllowed("starts munged, slurmctld and slurmd");
        assumeTrue(AsUser.isRoot(), "a Slurm of its own needs root (slurmd runs jobs as their users)");
        for (String tool : List.of("/usr/sbin/munged", "/usr/sbin/slurmctld", "/usr/sbin/slurmd")) {
            assumeTrue(Files.isExecutable(Path.of(tool)), tool + " is not installed (apt-get install slurm-wlm munge)");
        }
        Slurm slurm = new Slurm(dir);
        try {
            slurm.configure(proctrack, nodeExtra, extra);
            slurm.startDaemons();
            return slurm;
        } catch (Exception | AssertionError e) {
            slurm.close();
            throw e;
        }
    }

    private void configure(String proctrack, String nodeExtra, String... extra) throws Exception {
        // Searchable by all: jobs of other users reach munged's socket through it.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx--x--x"));
        for (String d : List.of("state", "spool", "log", "run")) {
            Files.createDirectories(dir.resolve(d));
        }
        byte[] key = new byte[1024];
        new SecureRandom().nextBytes(key);
        Files.write(dir.resolve("munge.key"), key);
        Files.setPosixFilePermissions(dir.resolve("munge.key"), PosixFilePermissions.fromString("rw-------"));
        String host = Trees.shOutput(dir, "hostname -s").trim();
        int[] ports = freePorts();
        List<String> lines = new ArrayList<>(List.of(
                "ClusterName=dirdumptest",
                "SlurmctldHost=" + host,
                "SlurmUser=root",
                "AuthType=auth/munge",
                "CredType=cred/munge",
                "AuthInfo=socket=" + dir.resolve("run/munge.sock"),
                "StateSaveLocation=" + dir.resolve("state"),
                "SlurmdSpoolDir=" + dir.resolve("spool"),
                "SlurmctldLogFile=" + dir.resolve("log/slurmctld.log"),
                "SlurmdLogFile=" + dir.resolve("log/slurmd.log"),
                "SlurmctldPidFile=" + dir.resolve("run/slurmctld.pid"),
                "SlurmdPidFile=" + dir.resolve("run/slurmd.pid"),
                "SlurmctldPort=" + ports[0],
                "SlurmdPort=" + ports[1],
                "ProctrackType=proctrack/" + proctrack,
                "TaskPlugin=task/none",
                "SelectType=select/cons_tres",
                "MpiDefault=none",
                "MailProg=/bin/true",
                "ReturnToService=2",
                "AccountingStorageType=accounting_storage/none",
                "JobAcctGatherType=jobacct_gather/none",
                "KillWait=5"));
        lines.addAll(List.of(extra));
        lines.add("NodeName=" + host + " CPUs=2 RealMemory=1000 " + nodeExtra);
        lines.add("PartitionName=p Nodes=ALL Default=YES State=UP");
        Files.write(conf, lines);
        if (proctrack.equals("cgroup")) {
            Files.write(dir.resolve("cgroup.conf"), List.of("CgroupPlugin=cgroup/v1", "ConstrainCores=no",
                    "ConstrainRAMSpace=no", "ConstrainDevices=no"));
        }
    }

    /** Two ports free now (bound to port 0, then closed): slurmctld's and slurmd's. */
    private static int[] freePorts() throws IOException {
        try (ServerSocket a = new ServerSocket(0); ServerSocket b = new ServerSocket(0)) {
            return new int[] {a.getLocalPort(), b.getLocalPort()};
        }
    }

    private void startDaemons() throws Exception {
        Path socket = dir.resolve("run/munge.sock");
        daemon("munged", "/usr/sbin/munged", "-F", "-f", "--socket=" + socket, "--key-file=" + dir.resolve("munge.key"),
                "--pid-file=" + dir.resolve("run/munged.pid"), "--log-file=" + dir.resolve("log/munged.log"),
                "--seed-file=" + dir.resolve("run/munged.seed"));
        await("munged's socket", () -> Files.exists(socket));
        daemon("slurmctld", "/usr/sbin/slurmctld", "-D", "-f", conf.toString());
        daemon("slurmd", "/usr/sbin/slurmd", "-D", "-f", conf.toString());
        await("the node idle", () -> nodeState().equals("idle"));
    }

    private void daemon(String name, String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("log/" + name + ".out").toFile());
        pb.environment().put("SLURM_CONF", conf.toString());
        daemons.add(pb.start());
    }

    /** What the clients (sbatch, srun, scontrol) need in their environment. */
    public Map<String, String> env() {
        return Map.of("SLURM_CONF", conf.toString());
    }

    /** A client command, as Launched runs one, with this cluster's environment. */
    public Launched client(String... command) throws Exception {
        return Launched.run(Path.of(command[0]), env(), List.of(command).subList(1, command.length).toArray(new String[0]));
    }

    /** sinfo's word for the node: idle, allocated, drained, ... */
    public String nodeState() throws Exception {
        Launched l = client("/usr/bin/sinfo", "-h", "-o", "%T");
        return l.status() == 0 ? l.out().trim() : "";
    }

    /** Submits {@code script} (a shell script's text) with sbatch {@code args}: the job's id. */
    public String submit(String script, String... args) throws Exception {
        Path file = Files.createTempFile(dir, "job", ".sh");
        Files.writeString(file, "#!/bin/sh\n" + script, StandardCharsets.UTF_8);
        file.toFile().setExecutable(true, false);
        file.toFile().setReadable(true, false);
        List<String> command = new ArrayList<>(List.of("/usr/bin/sbatch", "--parsable", "-o",
                dir.resolve("log/slurm-%j.out").toString()));
        command.addAll(List.of(args));
        command.add(file.toString());
        Launched l = client(command.toArray(new String[0]));
        if (l.status() != 0) {
            throw new AssertionError("sbatch: " + l.err());
        }
        return l.out().trim();
    }

    /** The job once it has ended: scontrol show job polled (sbatch --wait polls only every 10 s), for at most 90 s. */
    public Job await(String id) throws Exception {
        Job[] last = {null};
        await("job " + id + " to end", () -> {
            Launched l = client("/usr/bin/scontrol", "-o", "show", "job", id);
            Matcher s = STATE.matcher(l.out());
            Matcher e = EXIT.matcher(l.out());
            if (s.find() && e.find()) {
                last[0] = new Job(id, s.group(1), e.group(1), l.out().trim());
            }
            return last[0] != null && ENDED.contains(last[0].state());
        });
        return last[0];
    }

    /** What the job wrote to its standard streams. */
    public String output(String id) throws IOException {
        return Files.readString(dir.resolve("log/slurm-" + id + ".out"));
    }

    /** Waits until {@code condition} holds, at most 90 s; a failure shows slurmd's log. */
    public void await(String what, Until.Condition condition) throws Exception {
        Until.holds(Duration.ofSeconds(90), () -> what + "; slurmd's log ends: " + logTail(), condition);
    }

    private String logTail() {
        try {
            List<String> l = Files.readAllLines(dir.resolve("log/slurmd.log"));
            return String.join("\n", l.subList(Math.max(0, l.size() - 10), l.size()));
        } catch (IOException e) {
            return "(none)";
        }
    }

    /** Ends slurmd, slurmctld and munged, each by its pid: SIGTERM to all, then each waited for (SIGKILL after 30 s). */
    @Override
    public void close() throws InterruptedException {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            daemons.get(i).destroy();
        }
        for (Process p : daemons) {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
