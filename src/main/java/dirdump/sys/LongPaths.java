package dirdump.sys;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Resolves paths of PATH_MAX bytes or more, which the kernel refuses, by opening the directory chain
 * one component at a time with openat(2) (such a path always has a slash: a name is at most 255
 * bytes). Deep trees are walked depth first, so a small cache of recently opened directories makes
 * each deeper step a single openat.
 */
final class LongPaths {
    private static final int CACHED_DIRECTORIES = 64;
    private static final int DIR_FLAGS = LibcOs.O_PATH | LibcOs.O_DIRECTORY | LibcOs.O_CLOEXEC;

    /** A call relative to a directory descriptor, with a NUL-terminated name. */
    interface AtCall {
        long call(int dirFd, byte[] cName);
    }

    private final LibcOs os;
    private final Map<ByteBuffer, Integer> open = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ByteBuffer, Integer> eldest) {
            if (size() > CACHED_DIRECTORIES) {
                os.close(eldest.getValue());
                return true;
            }
            return false;
        }
    };

    LongPaths(LibcOs os) {
        this.os = os;
    }

    /** Runs {@code call} on the last component of {@code path}, relative to its parent directory. */
    synchronized long at(byte[] path, AtCall call) throws SysException {
        int slash = PathNames.lastSlash(path);
        int dirFd = directory(Arrays.copyOf(path, Math.max(slash, 1)));
        return call.call(dirFd, LibcOs.cString(Arrays.copyOfRange(path, slash + 1, path.length)));
    }

    private int directory(byte[] dir) throws SysException {
        Deque<byte[]> below = new ArrayDeque<>();
        byte[] p = dir;
        int fd;
        while (true) {
            Integer cached = open.get(ByteBuffer.wrap(p));
            if (cached != null) {
                fd = cached;
                break;
            }
            if (p.length < LibcOs.PATH_MAX) {
                fd = os.open(p, DIR_FLAGS);
                open.put(ByteBuffer.wrap(p), fd);
                break;
            }
            below.push(p);
            p = Arrays.copyOf(p, PathNames.lastSlash(p));
        }
        while (!below.isEmpty()) {
            byte[] child = below.pop();
            fd = os.openAt(fd, Arrays.copyOfRange(child, PathNames.lastSlash(child) + 1, child.length), DIR_FLAGS);
            open.put(ByteBuffer.wrap(child), fd);
        }
        return fd;
    }
}
