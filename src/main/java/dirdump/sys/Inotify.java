package dirdump.sys;

import java.io.IOException;
import java.nio.file.Path;

/**
 * inotify(7) on directories, for follow mode: each watch is added through a directory handle already
 * opened and checked ({@code /proc/self/fd/N}), never by a name, so that what is watched is the very
 * directory the walk checked. Native only: the java.nio fallback has no such call.
 */
public interface Inotify extends AutoCloseable {
    int IN_MODIFY = 0x2;
    int IN_CLOSE_WRITE = 0x8;
    int IN_MOVED_FROM = 0x40;
    int IN_MOVED_TO = 0x80;
    int IN_CREATE = 0x100;
    int IN_DELETE = 0x200;
    int IN_DELETE_SELF = 0x400;
    int IN_MOVE_SELF = 0x800;
    int IN_UNMOUNT = 0x2000;
    /** The kernel's queue was full: events were lost, and only a rescan tells what changed. */
    int IN_Q_OVERFLOW = 0x4000;
    /** The watch is gone: its directory was removed, or its file system unmounted. */
    int IN_IGNORED = 0x8000;
    int IN_ISDIR = 0x40000000;

    /** Receives one event: {@code wd} -1 for the queue's overflow; {@code name} null for the directory itself. */
    @FunctionalInterface
    interface Events {
        void event(int wd, int mask, byte[] name);
    }

    /**
     * Watches {@code dir} for names created, removed, moved, written to and closed after writing in
     * it, and for its own removal: its watch descriptor (the same one again for a directory watched
     * already, as the kernel gives it). A failure with {@link SysException#isNoRoom} is
     * fs.inotify.max_user_watches reached.
     */
    int watch(Directory dir) throws SysException;

    /** Removes a watch; one the kernel removed already (its directory gone) is no error. */
    void unwatch(int wd);

    /**
     * Waits up to {@code timeoutMillis} for events (poll(2): no busy loop), then hands each that is
     * queued to {@code sink}; how many it handed (0: none came in time).
     */
    int read(int timeoutMillis, Events sink) throws SysException;

    @Override
    void close();

    /** A new inotify instance (non-blocking, close-on-exec) on the native implementation. */
    static Inotify open(Os os) throws SysException {
        if (!(os instanceof LibcOs libc)) {
            throw Os.nativeOnly("inotify_init1");
        }
        return new LibcInotify(libc.calls());
    }

    /** fs.inotify.max_user_watches: how many watches one user may hold; -1 if it cannot be read. */
    static long maxUserWatches() {
        try {
            return Long.parseLong(KernelFile.text(Path.of("/proc/sys/fs/inotify/max_user_watches")).trim());
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
