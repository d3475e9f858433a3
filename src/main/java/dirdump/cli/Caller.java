package dirdump.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import dirdump.sys.PathNames;
import dirdump.sys.Processes;
import dirdump.sys.SysException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What dirdump was started with, which run's COMMAND is to get unchanged (bin/start.sh records it):
 * the environment before the launcher changed it (its locale for the JVM, the JDK's option variables
 * it unset), the signals the caller blocked and ignored, which the JVM changes, and the descriptors the
 * caller passed, among which the JVM opens its own.
 */
final class Caller {
    /** The launcher's record of each variable it changed: DIRDUMP_CALLER_NAME is "=VALUE" if it was set, "" if not. */
    private static final String RECORD = "DIRDUMP_CALLER_";
    /** An environment is at most ARG_MAX, which Linux keeps below a quarter of the stack limit: a bound. */
    private static final int MAX_ENVIRONMENT = 64 << 20;

    private Caller() {
    }

    /** The caller's environment, "NAME=VALUE" entries as their bytes. */
    static List<byte[]> environment() {
        List<byte[]> entries = new ArrayList<>();
        try {
            // The bytes themselves: System.getenv() has lost those the JVM's charset cannot decode.
            byte[] environ = Processes.environment();
            int start = 0;
            for (int i = 0; i < environ.length && i < MAX_ENVIRONMENT; i++) {
                if (environ[i] == 0) {
                    entries.add(Arrays.copyOfRange(environ, start, i));
                    start = i + 1;
                }
            }
        } catch (SysException e) {
            entries.clear();
            System.getenv().forEach((name, value) -> entries.add(PathNames.bytes(name + "=" + value)));
        }
        return restored(entries);
    }

    /** {@code entries} with each variable the launcher recorded as the caller had it, and no record left. */
    static List<byte[]> restored(List<byte[]> entries) {
        Map<String, byte[]> byName = new LinkedHashMap<>();  // names as ISO-8859-1: one char a byte
        List<byte[]> records = new ArrayList<>();
        for (byte[] entry : entries) {
            String name = name(entry);
            if (name.startsWith(RECORD)) {
                records.add(entry);
            } else {
                byName.put(name, entry);
            }
        }
        for (byte[] record : records) {
            String name = name(record).substring(RECORD.length());
            int equals = RECORD.length() + name.length();
            if (equals + 1 < record.length && record[equals + 1] == '=') {  // NAME, then "=VALUE"
                byte[] entry = new byte[record.length - RECORD.length() - 1];
                System.arraycopy(record, RECORD.length(), entry, 0, name.length());
                System.arraycopy(record, equals + 1, entry, name.length(), record.length - equals - 1);
                byName.put(name, entry);
            } else {
                byName.remove(name);
            }
        }
        return new ArrayList<>(byName.values());
    }

    private static String name(byte[] entry) {
        int equals = 0;
        while (equals < entry.length && entry[equals] != '=') {
            equals++;
        }
        return new String(entry, 0, equals, ISO_8859_1);
    }

    /** The signals the caller ignored (bit N - 1 for signal N); without the launcher, those the JVM was left ignoring. */
    static long ignored() {
        String recorded = System.getProperty("dirdump.caller.ignored");
        return recorded == null ? Processes.ignoredSignals() : mask(recorded);
    }

    /** The signals the caller blocked; without the launcher, none. */
    static long blocked() {
        return mask(System.getProperty("dirdump.caller.blocked"));
    }

    /**
     * The descriptors the caller passed open (those it closed not among them); without the launcher,
     * the standard three: every other may be the JVM's.
     */
    static Set<Integer> descriptors() {
        Set<Integer> fds = new TreeSet<>();
        for (String fd : System.getProperty("dirdump.caller.fds", "0,1,2").split(",")) {
            try {
                fds.add(Integer.parseInt(fd));
            } catch (NumberFormatException e) {
                // none recorded (the launcher found no /proc)
            }
        }
        return fds;
    }

    private static long mask(String hex) {
        try {
            return hex == null ? 0 : Long.parseUnsignedLong(hex, 16);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
