package dirdump.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;

/**
 * When a launched dirdump has begun to read: its reader threads exist. Before that, the JVM is still
 * starting (or a launcher building), and a signal would end that, not the read. (The
 * progress line cannot tell: it is never drawn into a file.)
 */
public final class Reading {
    private Reading() {
    }

    public static void waitUntilReading(Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (!hasReaders(p)) {
            assertTrue(p.isAlive(), "it ended before reading");
            assertTrue(System.nanoTime() < deadline, "no reader thread started");
            Thread.sleep(20);
        }
    }

    private static boolean hasReaders(Process p) {
        File[] tasks = new File("/proc/" + p.pid() + "/task").listFiles();
        for (File task : tasks == null ? new File[0] : tasks) {
            try {
                if (Files.readString(task.toPath().resolve("comm")).startsWith("reader-")) {
                    return true;
                }
            } catch (java.io.IOException e) {
                // the thread ended meanwhile
            }
        }
        return false;
    }
}
