package dirdump.run;

import dirdump.scan.FoundFiles;
import dirdump.sys.AccessWatch;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the access watch told while COMMAND ran, kept small: of the files opened, only the walk's (by
 * the device and inode fstat gave of fanotify's descriptor, against the walk's), with the pid that
 * opened each; of the forks, each child's parent. Which pids are COMMAND's tree is decided once it has
 * ended ({@link #seenBy}), so a child that ended before its events were read is still known.
 */
final class AccessLog implements AccessWatch.Sink {
    /** A listed file by its device and inode. */
    private record Node(long dev, long ino) {
    }

    /** The longest chain of parents followed: deeper than any process tree, and no loop of reused pids hangs. */
    private static final int DEEPEST = 4096;

    private final Map<Node, Integer> listed = new HashMap<>();
    private final Map<Integer, Integer> parents = new HashMap<>();
    /** Each (pid, file) once: pid in the high half, file index in the low. */
    private final Set<Long> opens = new HashSet<>();
    private boolean lost;

    AccessLog(FoundFiles files, int[] sequence) {
        for (int f : sequence) {
            listed.put(new Node(files.dev(f), files.ino(f)), f);
        }
    }

    @Override
    public void opened(int pid, long dev, long ino) {
        Integer f = listed.get(new Node(dev, ino));
        if (f != null) {
            opens.add(((long) pid << 32) | f);
        }
    }

    @Override
    public void forked(int parent, int child) {
        parents.put(child, parent);
    }

    @Override
    public void lost() {
        lost = true;
    }

    boolean lostEvents() {
        return lost;
    }

    /** The listed files a process of {@code root}'s tree opened, and how many of its processes opened any. */
    Seen seenBy(long root) {
        Set<Integer> files = new HashSet<>();
        Set<Integer> processes = new HashSet<>();
        Map<Integer, Boolean> inTree = new HashMap<>();
        for (long open : opens) {
            int pid = (int) (open >>> 32);
            if (inTree.computeIfAbsent(pid, p -> descends(p, root))) {
                files.add((int) open);
                processes.add(pid);
            }
        }
        return new Seen(files, processes.size());
    }

    /** Whether {@code pid} is {@code root} or was started by a process of its tree. */
    private boolean descends(int pid, long root) {
        Integer p = pid;
        for (int depth = 0; p != null && depth < DEEPEST; depth++) {
            if (p == root) {
                return true;
            }
            p = parents.get(p);
        }
        return false;
    }

    /** The listed files COMMAND's tree opened, and by how many of its processes. */
    record Seen(Set<Integer> files, int processes) {
    }
}
