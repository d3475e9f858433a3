package dirdump.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * dirdump as the integration tests run it: the jar this build made, whose path failsafe passes
 * (dirdump.jar, with the JVM options bin/start.sh gives in dirdump.jvm.options; pom.xml), started by
 * this test's java as the launcher starts it ({@code -cp JAR dirdump.Main}, which {@code lock --daemon}
 * and {@code run --every-node} need to start it again). Not bin/dirdump, which builds with Maven when
 * a source looks newer than the jar; the launcher's own tests (Launcher*IT, InstallIT) run that.
 */
public final class BuiltJar {
    /**
     * The variables bin/start.sh changes before java starts: the JDK's option variables unset (else
     * "Picked up ..." on stderr), LC_ALL folded into LANG, LC_MESSAGES=C (the JDK's errno texts in
     * English). Each is recorded as DIRDUMP_CALLER_NAME, as the launcher does, so that run's COMMAND
     * gets the caller's back (cli.Caller).
     */
    private static final List<String> JDK_OPTIONS = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");
    private static final List<String> LOCALE = List.of("LANG", "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME",
            "LC_COLLATE", "LC_MONETARY", "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT",
            "LC_IDENTIFICATION");

    private BuiltJar() {
    }

    /** The command that runs dirdump with {@code args}. */
    public static List<String> command(String... args) {
        return command(List.of(), args);
    }

    /** As above, with {@code jvmOptions} after the launcher's (which they override, as DIRDUMP_JAVA_OPTS would). */
    public static List<String> command(List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>();
        command.add(System.getProperty("java.home") + "/bin/java");
        command.addAll(List.of(property("dirdump.jvm.options").trim().split("\\s+")));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", property("dirdump.jar"), "dirdump.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** {@link #command()} as words for sh, each quoted: where a script names the tool. */
    public static String shellWords() {
        return String.join(" ", command().stream().map(w -> "'" + w.replace("'", "'\\''") + "'").toList());
    }

    /** A ProcessBuilder of {@code command}, the environment as the launcher would hand it to java. */
    public static ProcessBuilder builder(List<String> command) {
        ProcessBuilder pb = new ProcessBuilder(command);
        asLauncherLeavesIt(pb.environment());
        return pb;
    }

    /** dirdump with {@code args}, as {@link #builder}. */
    public static ProcessBuilder builder(String... args) {
        return builder(command(args));
    }

    /** dirdump run with {@code args}, {@code env} added to the test's environment. */
    public static Launched run(Map<String, String> env, String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command(args));
        pb.environment().putAll(env);
        asLauncherLeavesIt(pb.environment());
        return Launched.of(pb);
    }

    /** dirdump run with {@code args}. */
    public static Launched run(String... args) throws Exception {
        return run(Map.of(), args);
    }

    /** What bin/start.sh does to the environment (see above). */
    public static void asLauncherLeavesIt(Map<String, String> env) {
        if (env.get("LC_ALL") != null && !env.get("LC_ALL").isEmpty()) {
            String all = env.get("LC_ALL");
            LOCALE.forEach(name -> remember(env, name));
            LOCALE.forEach(env::remove);
            env.put("LANG", all);
        }
        remember(env, "LC_MESSAGES");
        env.put("LC_MESSAGES", "C");
        for (String name : JDK_OPTIONS) {
            if (env.containsKey(name)) {
                remember(env, name);
                env.remove(name);
            }
        }
    }

    private static void remember(Map<String, String> env, String name) {
        env.put("DIRDUMP_CALLER_" + name, env.containsKey(name) ? "=" + env.get(name) : "");
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null) {
            throw new IllegalStateException(name + " is not set: the integration tests run under failsafe (mvn verify), "
                    + "which passes the built jar (pom.xml)");
        }
        return value;
    }
}
