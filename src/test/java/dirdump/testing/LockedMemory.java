package dirdump.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the kernel says a process has locked: VmLck of /proc/PID/status. */
public final class LockedMemory {
    private LockedMemory() {
    }

    /** VmLck in bytes. */
    public static long of(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith("VmLck:")) {
                return Long.parseLong(line.substring(6).replace("kB", "").trim()) * 1024;
            }
        }
        throw new AssertionError("no VmLck in /proc/" + pid + "/status");
    }

    public static long ofThisProcess() throws IOException {
        return of(ProcessHandle.current().pid());
    }
}
