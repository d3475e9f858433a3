package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import dirdump.testing.Launched;
import dirdump.testing.Trees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real launcher under the locales cron and users have: names are bytes whatever the locale, and
 * error texts are English under any. Names are made by sh's printf, as bytes: this JVM could not
 * write them under LANG=C. The launcher, not the built jar (testing.BuiltJar): English texts under
 * LC_ALL are bin/start.sh's doing (LC_ALL into LANG, LC_MESSAGES=C), which is what is tested.
 */
class LocalesIT {
    private static final Path LAUNCHER = Launched.launcher("dirdump");
    private static final Path ENV = Path.of("/usr/bin/env");
    private static final String[] LOCALE_VARIABLES = {"LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES"};

    @TempDir
    Path tmp;

    @BeforeEach
    void names() throws Exception {
        // café/f, bad\xff\x80/g (not UTF-8), and the list liste-é naming x/ü.
        assertEquals(0, Trees.sh(tmp, "mkdir café \"$(printf 'bad\\377\\200')\" x && printf hello >café/f"
                + " && printf 'world!' >\"$(printf 'bad\\377\\200')/g\" && printf 12 >x/ü"
                + " && printf '%s/x/ü\\n' \"$(pwd)\" >liste-é"));
    }

    /**
     * {@code script} run by sh in the temporary directory, $0 the launcher, with every locale variable
     * unset and then {@code locale} (VAR=value ...) set.
     */
    private Launched inLocale(List<String> locale, String script) throws Exception {
        List<String> command = new ArrayList<>();
        for (String variable : LOCALE_VARIABLES) {
            command.add("-u");
            command.add(variable);
        }
        command.addAll(locale);
        command.addAll(List.of("LOCPATH=" + tmp.resolve("locales"), "sh", "-c", "cd \"$1\" && " + script,
                LAUNCHER.toString(), tmp.toString()));
        return Launched.run(ENV, Map.of(), command.toArray(String[]::new));
    }

    @Test
    void namesThatAreNotAsciiOrNotUtf8AreReadUnderEveryLocale() throws Exception {
        for (List<String> locale : List.of(List.of("LANG=C"), List.of("LC_ALL=C"), List.<String>of(),
                List.of("LANG=C.UTF-8"))) {
            Launched r = inLocale(locale, "exec \"$0\" --force --json -v --files-from liste-é café "
                    + "\"$(printf 'bad\\377\\200')\" nicht-da-é");

            assertEquals(2, r.status(), locale + ": " + r.err());  // for nicht-da-é alone
            JsonObject json = r.json();
            assertEquals(3, json.get("files_read").getAsLong(), locale + ": " + r.err());
            assertEquals(5 + 6 + 2, json.get("bytes_read").getAsLong(), locale.toString());
            assertEquals(0, json.get("errors").getAsLong(), locale.toString());
            // stderr is UTF-8 whatever the locale; a byte that is not UTF-8 is escaped.
            assertTrue(r.err().contains("café/f (5 bytes)\n"), locale + ": " + r.err());
            assertTrue(r.err().contains("bad\\xff\\x80/g (6 bytes)\n"), locale + ": " + r.err());
            assertTrue(r.err().contains("dirdump: nicht-da-é: No such file or directory\n"), locale + ": " + r.err());
        }
        // The list's name after '=', and named in its message as it is.
        Launched attached = inLocale(List.of("LANG=C"), "exec \"$0\" -q --files-from=fehlt-é");
        assertEquals(2, attached.status(), attached.err());
        assertEquals("dirdump: fehlt-é: No such file or directory\n", attached.err());
    }

    /**
     * --include/--exclude are matched by the bytes given (a byte that is not UTF-8 is that byte, not
     * a '?' that matches any), under LANG=C too, and every value echoed in a message is escaped:
     * \xff for such a byte, \x1b for an escape, never '?' nor the raw byte.
     */
    @Test
    void globsAndValuesAreTakenByTheirBytesAndEchoedEscaped() throws Exception {
        assertEquals(0, Trees.sh(tmp, "printf 1 >z"));
        for (List<String> locale : List.of(List.of("LANG=C"), List.of("LANG=C.UTF-8"))) {
            Launched r = inLocale(locale, "exec \"$0\" --force -v --exclude \"$(printf 'bad\\377*')\" "
                    + "--exclude \"$(printf '\\377')\" --exclude café --exclude 'liste-*' .");
            assertEquals(0, r.status(), locale + ": " + r.err());
            for (String line : List.of("./bad\\xff\\x80: filtered: --exclude 'bad\\xff*'", "./café: filtered: --exclude 'café'",
                    "./liste-é: filtered: --exclude 'liste-*'", "./z (1 bytes)", "./x/ü (2 bytes)")) {
                assertTrue(r.err().contains(line + "\n"), locale + ": " + line + "\n" + r.err());
            }

            Launched bad = inLocale(locale, "exec \"$0\" --max-size \"$(printf '\\033]0;x\\007\\377')\" .");
            assertEquals(2, bad.status(), locale + ": " + bad.err());
            assertEquals("dirdump: Invalid value for option '--max-size': '\\x1b]0;x\\x07\\xff' is not a size (examples: "
                    + "65536, 64k, 1M, 1MiB)\nTry 'dirdump --help' for more information.\n", bad.err(), locale.toString());
        }
    }

    /** libc's texts (strerror), the JDK's (java.nio's, a failed write's) and jffi's, in German's place. */
    @Test
    void errorTextsAreEnglishUnderAGermanLocale() throws Exception {
        assumeTrue(Files.isRegularFile(Path.of("/usr/share/i18n/locales/de_DE")),
                "the locale sources of Debian's locales package are not installed: no German locale to make");
        assumeTrue(Files.isRegularFile(Path.of("/usr/share/locale/de/LC_MESSAGES/libc.mo")),
                "libc has no German texts here: nothing to tell English from");
        Files.createDirectories(tmp.resolve("locales"));
        assumeTrue(Trees.sh(tmp, "localedef -i de_DE -f UTF-8 locales/de_DE.UTF-8 2>/dev/null") == 0,
                "localedef cannot make de_DE.UTF-8");
        Launched german = inLocale(List.of("LANG=de_DE.UTF-8"), "cat /nicht-da 2>&1; true");
        assumeTrue(german.out().contains("nicht gefunden"), "de_DE.UTF-8 gives no German texts: " + german.out());

        Launched r = inLocale(List.of("LANG=de_DE.UTF-8"), "exec \"$0\" -q /nicht-da --files-from /");
        assertEquals(2, r.status(), r.err());
        assertEquals("dirdump: /nicht-da: No such file or directory\ndirdump: /: Is a directory\n", r.err());
        // The JDK's texts: a failed write, and java.nio's where libc cannot be bound (jffi's, too); under
        // LC_ALL, which overrides LC_MESSAGES.
        List<String> all = List.of("LC_ALL=de_DE.UTF-8");
        Launched full = inLocale(all, "exec \"$0\" --json café >/dev/full");
        assertEquals("dirdump: write error: No space left on device\n", full.err());
        Launched fallback = inLocale(all, "DIRDUMP_JAVA_OPTS='" + Launched.NO_BOOT_LIBRARY + "-Djffi.extract.dir=/nicht-da' exec \"$0\" --json "
                + "--files-from /");
        assertEquals("dirdump: warning: cannot bind libc (could not load jffi library from /nicht-da: No such file "
                + "or directory); using java.nio, which is slower and opens nothing in a directory that other users "
                + "can write to\ndirdump: /: Is a directory\n", fallback.err());
    }
}
