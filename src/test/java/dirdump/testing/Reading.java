package dirdump.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.time.Duration;

/**
 * When a launched dirdump has begun to read: its reader threads exist. Before that, the JVM is still
 * starting (or a launcher building), and a signal would end that, not the read. (The
 * progress line cannot tell: it is never drawn into a file.)
 */
public final class Reading {
    private Reading() {
    }

    public static void waitUntilReading(Process p) throws Exception {
        Until.holds(Duration.ofSeconds(120), "a reader thread", () -> {
            assertTrue(hasReaders(p) || p.isAlive(), "it ended before reading");
            return hasReaders(p);
        });
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
