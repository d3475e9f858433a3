package dirdump.cli.docs;

import java.util.Set;

/**
 * A page's ENVIRONMENT section: the variables the launchers (bin/start.sh, bin/launch.sh,
 * lib/dirdump/installed.sh) and the program read, for the commands that read each.
 */
final class Environment {
    private Environment() {
    }

    /** The section for the command of that qualified name (dirdump status, testdata-gen). */
    static void section(StringBuilder m, String command) {
        m.append(".SH ENVIRONMENT\n");
        ManPage.item(m, ".B JAVA_HOME",
                "The Java runtime to run: $JAVA_HOME/bin/java; without it, the first java on PATH. "
                + "It must be Java 17 or newer: otherwise, or when there is no java at all, the launcher says "
                + "so in one line (dirdump: needs Java 17 or newer (found 11 at /usr/bin/java); set JAVA_HOME) "
                + "and exits 2. The version is read from the release file of the JVM's home, without starting it.");
        ManPage.item(m, ".B DIRDUMP_JAVA_OPTS",
                "JVM options, in place of the launcher's own (the serial collector, and the C1 compiler only): "
                + "a larger -Xmx where the heap runs out, say; split at blanks, never expanded as a pattern. They "
                + "come after the options that send the JVM's own output to stderr, name jffi's directory and fit "
                + "the JVM to the memory and limits it starts under (-Xmx from the lowest memory cgroup limit, "
                + "the reservations under ulimit -v), and so can change those too; one that says anything of the "
                + "heap gets no -Xmx of the launcher's.");
        ManPage.item(m, ".BR JAVA_TOOL_OPTIONS \", \" JDK_JAVA_OPTIONS \", \" _JAVA_OPTIONS",
                "Do not apply to dirdump's JVM (the launcher unsets them for it), and no option file (.hotspotrc, "
                + ".hotspot_compiler) is read from the working directory"
                + (command.equals("dirdump run") ? "; COMMAND gets them, the locale and MALLOC_ARENA_MAX (which the "
                        + "launcher sets under ulimit -v) as dirdump was given them, and of the descriptors exactly "
                        + "the caller's" : "")
                + ".");
        ManPage.item(m, ".B PATH",
                "Where the launcher finds java without JAVA_HOME"
                + (command.equals("dirdump run") ? ", and where COMMAND is searched for (it is not run through a shell)"
                        : command.equals("dirdump bench") ? ", and sh and setsid, which run each --vs command" : "")
                + ".");
        ManPage.item(m, ".BR XDG_CACHE_HOME \", \" HOME",
                "The cache directory, $XDG_CACHE_HOME/dirdump, else $HOME/.cache/dirdump (absolute ones only): "
                + "where the installed launcher keeps the class-data archive of a JVM it was not installed with "
                + "(see FILES in dirdump(1)). Used only if it and every directory above it belong to the user or "
                + "root and no one else can write to them (a sticky directory above, as /tmp, is fine); made "
                + "(mode 0700) only in such an existing directory (XDG_CACHE_HOME itself, where it exists); HOME is never made. Otherwise there is no "
                + "archive, and no training run on every start either. jffi's native library is never unpacked "
                + "there by an installed dirdump (it is loaded from PREFIX/lib/dirdump/jni).");
        ManPage.item(m, ".BR LANG \", \" LC_ALL \", \" LC_MESSAGES",
                "Names are bytes whatever the locale, messages are UTF-8 on stderr, and error texts are English: "
                + "the launcher sets LC_MESSAGES=C (an LC_ALL becomes LANG), for the JDK's own texts, for dirdump's "
                + "JVM only (run's COMMAND gets the caller's locale back). Patterns "
                + "and formats are decoded by the JVM in the locale's charset: under LANG=C a non-ASCII character "
                + "in them matches nothing.");
        if (Set.of("dirdump", "testdata-gen").contains(command)) {
            ManPage.item(m, ".B COLUMNS",
                    "The width of the progress line where the terminal on stderr does not tell it (TIOCGWINSZ); "
                    + "else 80.");
        }
        if (command.equals("dirdump lock")) {
            ManPage.item(m, ".B DIRDUMP_LOCK_DAEMON",
                    "Set to 1 by lock --daemon for the process it starts, which then holds the lock; not for users.");
        }
    }
}
