package dirdump.read;

import java.util.Locale;

/**
 * An I/O scheduling class and level for ioprio_set(2), from --ionice: {@code idle} (served only when
 * the disk is otherwise idle) or {@code best-effort[:0-7]} (0 highest, 7 lowest; default 4).
 */
public record IoPriority(int ioClass, int level) {
    public static final int CLASS_BEST_EFFORT = 2;
    public static final int CLASS_IDLE = 3;

    /** Parses idle, best-effort, best-effort:N; null if the text is none of them. */
    public static IoPriority parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("idle")) {
            return new IoPriority(CLASS_IDLE, 0);
        }
        if (t.equals("best-effort")) {
            return new IoPriority(CLASS_BEST_EFFORT, 4);
        }
        if (t.matches("best-effort:[0-7]")) {
            return new IoPriority(CLASS_BEST_EFFORT, t.charAt(t.length() - 1) - '0');
        }
        return null;
    }

    @Override
    public String toString() {
        return ioClass == CLASS_IDLE ? "idle" : "best-effort:" + level;
    }
}
