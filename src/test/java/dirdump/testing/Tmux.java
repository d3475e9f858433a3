package dirdump.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An interactive shell in a tmux server of its own (its own socket; {@link #close} ends that server
 * only), typed into as a user types: what the screen shows after Tab. Skipped where tmux is missing.
 */
public final class Tmux implements AutoCloseable {
    /** The prompt the shell is given, written so that the echo of the line setting it does not match. */
    private static final String PROMPT = "READY>";

    private final String tmux;
    private final String socket;

    private Tmux(Path tmux, Path socket) {
        this.tmux = tmux.toString();
        this.socket = socket.toString();
    }

    /**
     * Starts {@code shell} (e.g. {@code bash --norc --noprofile -i}) in a window of 200 columns, with
     * {@code bin} first on its PATH, and gives it the prompt this class waits for.
     */
    public static Tmux start(Path socket, Path bin, String shell) throws Exception {
        Tmux t = new Tmux(Tools.which("tmux"), socket);
        t.tmux("-f", "/dev/null", "new-session", "-d", "-x", "200", "-y", "50",
                "env PATH=" + bin + ":\"$PATH\" " + shell);
        t.run("PS1='RE''ADY> '");
        return t;
    }

    /** Types {@code line} and Enter, and waits for the prompt after it. */
    public void run(String line) throws Exception {
        tmux("send-keys", "-l", line);
        tmux("send-keys", "Enter");
        Until.holds(java.time.Duration.ofSeconds(20), () -> "the prompt after " + line + ": " + screenOrNothing(),
                () -> lastLine(screen()).equals(PROMPT));
    }

    /**
     * What the screen shows once {@code line} has been typed on a cleared screen and Tab pressed
     * {@code tabs} times (bash lists what it offers at the second, zsh at the first): the line as
     * completed, and the list under it. The line is then erased.
     */
    public String completed(String line, int tabs) throws Exception {
        tmux("send-keys", "C-u", "C-l");
        Until.holds(java.time.Duration.ofSeconds(10), () -> "a clear screen: " + screenOrNothing(),
                () -> screen().strip().equals(PROMPT));
        tmux("clear-history");
        tmux("send-keys", "-l", line);
        String before = settled(screen());
        for (int i = 0; i < tabs; i++) {
            tmux("send-keys", "Tab");
            before = settled(before);
        }
        tmux("send-keys", "C-u");
        return before;
    }

    /** The screen once it has changed from {@code before} (or 3 s passed) and then stayed the same for 0.6 s. */
    private String settled(String before) throws Exception {
        String last = screen();
        long changedAt = System.nanoTime();
        long start = changedAt;
        while (true) {
            Thread.sleep(100);
            String now = screen();
            if (!now.equals(last)) {
                last = now;
                changedAt = System.nanoTime();
            } else if ((!now.equals(before) && System.nanoTime() - changedAt > 600_000_000L)
                    || System.nanoTime() - start > 3_000_000_000L) {
                return now;
            }
        }
    }

    /** The screen's lines, wrapped ones joined, trailing blanks left out. */
    public String screen() throws Exception {
        return tmux("capture-pane", "-p", "-J").stripTrailing();
    }

    private String screenOrNothing() {
        try {
            return screen();
        } catch (Exception e) {
            return e.toString();
        }
    }

    private static String lastLine(String screen) {
        List<String> lines = screen.lines().toList();
        return lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
    }

    private String tmux(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(tmux, "-S", socket));
        command.addAll(List.of(args));
        Launched r = Launched.of(new ProcessBuilder(command));
        assertEquals(0, r.status(), String.join(" ", command) + ": " + r.err());
        return r.out();
    }

    /** Ends this tmux server, and the shell in it. */
    @Override
    public void close() throws Exception {
        Launched.of(new ProcessBuilder(tmux, "-S", socket, "kill-server"));
    }
}
