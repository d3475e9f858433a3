package dirdump.sys;

import java.lang.ref.Reference;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import jnr.ffi.Pointer;

/**
 * {@link Processes#spawn} and {@link Processes#waitFor} with libc. Why not java.lang.ProcessBuilder: a child it starts
 * gets the JVM's signal mask (SIGQUIT blocked) and dispositions (SIGQUIT no longer ignored if the caller
 * ignored it; glibc's internal signals 32 and 33 ignored, through jspawnhelper), and ProcessBuilder can
 * set neither. posix_spawnp sets both in the child: the mask, and every signal not to be ignored at its
 * default (POSIX_SPAWN_SETSIGDEF, which glibc takes for its internal signals too). It cannot make a
 * signal ignored: one the caller ignored is ignored here first, and the child inherits that. And the
 * child gets the caller's descriptors only: the JVM opens its own (lib/modules, the jar, a socket)
 * without close-on-exec, so each open descriptor (/proc/self/fd) not passed on is closed in the child.
 */
final class Spawner {
    private static final short POSIX_SPAWN_SETSIGDEF = 0x04;
    private static final short POSIX_SPAWN_SETSIGMASK = 0x08;
    /** glibc's posix_spawnattr_t is 336 bytes on 64-bit Linux, posix_spawn_file_actions_t 80; room to spare. */
    private static final int ATTR_SIZE = 1024;
    private static final long SIG_IGN = 1;
    private static final int SIGNALS = 64;
    /**
     * The signals the JVM cannot do without, never ignored here: SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSEGV
     * (its implicit checks), SIGUSR2 (its suspending of threads); SIGKILL and SIGSTOP cannot be.
     */
    private static final long VITAL = bit(4) | bit(5) | bit(7) | bit(8) | bit(9) | bit(11) | bit(12) | bit(19);

    private final LibcCalls calls;
    private final Libc.Processes processes;

    Spawner(LibcCalls calls) {
        this.calls = calls;
        this.processes = calls.processes();
    }

    private static long bit(int signal) {
        return 1L << (signal - 1);
    }

    long spawn(List<byte[]> argv, List<byte[]> env, long ignored, long blocked, Set<Integer> descriptors)
            throws SysException {
        for (int signal = 1; signal <= SIGNALS; signal++) {
            if ((ignored & ~VITAL & bit(signal)) != 0) {
                processes.signal(signal, SIG_IGN);
            }
        }
        List<Pointer> keep = new ArrayList<>();  // the strings, alive until the child has its copies
        Pointer args = strings(argv, keep);
        Pointer environment = strings(env, keep);
        Pointer actions = calls.allocate(ATTR_SIZE, true);
        check(processes.posix_spawn_file_actions_init(actions));
        Pointer attr = calls.allocate(ATTR_SIZE, true);
        int failed = processes.posix_spawnattr_init(attr);
        if (failed != 0) {
            processes.posix_spawn_file_actions_destroy(actions);
            throw calls.failure(failed);
        }
        try {
            for (int fd : open()) {
                if (!descriptors.contains(fd)) {
                    check(processes.posix_spawn_file_actions_addclose(actions, fd));
                }
            }
            processes.posix_spawnattr_setflags(attr, (short) (POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK));
            processes.posix_spawnattr_setsigdefault(attr, sigset(~ignored));
            processes.posix_spawnattr_setsigmask(attr, sigset(blocked));
            int[] pid = new int[1];
            check(processes.posix_spawnp(pid, LibcCalls.cString(argv.get(0)), actions, attr, args, environment));
            return pid[0];
        } finally {
            processes.posix_spawnattr_destroy(attr);
            processes.posix_spawn_file_actions_destroy(actions);
            Reference.reachabilityFence(keep);
        }
    }

    /** A posix_spawn call's result: the error number itself. */
    private void check(int failed) throws SysException {
        if (failed != 0) {
            throw calls.failure(failed);
        }
    }

    /**
     * This process's open descriptors (the listing's own among them, closed by then: glibc skips it). One
     * another thread opens between this listing and the spawn stays open in the child; the JVM's own
     * (lib/modules, the jar) are open long before.
     */
    private static List<Integer> open() throws SysException {
        List<Integer> fds = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/proc/self/fd"))) {
            entries.forEach(entry -> fds.add(Integer.parseInt(entry.getFileName().toString())));
        } catch (IOException e) {
            throw SysException.of(e);
        }
        return fds;
    }

    int waitFor(long pid) throws SysException {
        int[] status = new int[1];
        calls.restarted(() -> processes.waitpid((int) pid, status, 0));
        int signal = status[0] & 0x7f;
        return signal == 0 ? (status[0] >> 8) & 0xff : 128 + signal;
    }

    /** The 64 signals of {@code mask} as a sigset_t (the first unsigned long, or two on 32-bit). */
    private static long[] sigset(long mask) {
        long[] set = new long[16];
        set[0] = mask;
        return set;
    }

    /** A NULL-terminated array of C strings, each kept in {@code keep}. */
    private Pointer strings(List<byte[]> entries, List<Pointer> keep) {
        int size = calls.addressSize();
        Pointer array = calls.allocate((long) (entries.size() + 1) * size, true);
        keep.add(array);
        for (int i = 0; i < entries.size(); i++) {
            byte[] entry = entries.get(i);
            Pointer string = calls.allocate(entry.length + 1, true);
            string.put(0, entry, 0, entry.length);
            keep.add(string);
            array.putPointer((long) i * size, string);
        }
        return array;
    }
}
