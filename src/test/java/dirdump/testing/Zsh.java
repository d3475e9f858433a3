package dirdump.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;

/**
 * What zsh's completion offers for a line typed into an interactive zsh under zpty, with a directory
 * of completion functions first on $fpath before compinit: each word compadd is given.
 */
public final class Zsh {
    private Zsh() {
    }

    /** The words offered for {@code line} (then Tab), typed in {@code dir}, with {@code fpath} before zsh's own. */
    public static Set<String> offered(Path fpath, Path dir, String line) throws Exception {
        Path offered = dir.resolve(".offered");
        Files.deleteIfExists(offered);
        // Each step waits for the prompt: zsh drops what was typed ahead while compinit ran. The prompt
        // is written so that the echo of the line setting it does not match. The wait for END is bounded.
        Path driver = Files.writeString(Files.createTempFile("zsh-driver", ".zsh"), """
                zmodload zsh/zpty
                zpty z zsh -f -i
                zpty -w z "PS1='RE''ADY> '; fpath=($1 \\$fpath); autoload -U compinit; compinit -u -D"
                zpty -r z out '*READY> '
                # Records what is offered, and offers it.
                zpty -w z "compadd() { local -a m; builtin compadd -O m \\"\\$@\\"; print -rl -- \\$m >>$2; builtin compadd \\"\\$@\\" }"
                zpty -r z out '*READY> '
                zpty -w -n z "$3"$'\\t'
                zpty -w z $'\\C-u'"print -r -- END >>$2"
                for i in {1..200}; do [[ -f $2 && $(<$2) == *END* ]] && break; sleep 0.1; done
                zpty -d z
                """);
        try {
            Launched r = Launched.of(new ProcessBuilder(Tools.which("zsh").toString(), "-f", driver.toString(), fpath.toString(),
                    offered.toString(), line).directory(dir.toFile()));
            assertEquals(0, r.status(), r.err());
            assertTrue(Files.exists(offered) && Files.readString(offered).contains("END"), "zsh did not complete: " + r.out());
        } finally {
            Files.delete(driver);
        }
        Set<String> words = new TreeSet<>(Files.readString(offered).lines().toList());
        Files.delete(offered);
        words.remove("");
        words.remove("END");
        return words;
    }
}
