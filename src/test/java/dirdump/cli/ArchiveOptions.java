package dirdump.cli;

/**
 * The JVM options by which the launcher makes and uses its class-data archive (bin/start.sh), for the
 * JVM the tests run on, which is the launcher's: an AOT cache from JDK 25 on, a dynamic archive before.
 */
final class ArchiveOptions {
    private static final boolean AOT = Runtime.version().feature() >= 25;
    /** The option of the training run, followed by the archive's name. */
    static final String MAKE = AOT ? "-XX:AOTCacheOutput=" : "-XX:ArchiveClassesAtExit=";
    /** The option of a run that uses the archive, followed by its name. */
    static final String USE = AOT ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=";

    private ArchiveOptions() {
    }

    /** Whether a JVM's command line makes or uses an archive. */
    static boolean named(String commandLine) {
        return commandLine.contains(MAKE) || commandLine.contains(USE);
    }
}
