package dirdump.sys;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The mounts of /proc/self/mountinfo, one parser for every reader of it (the ext type a device is
 * mounted as, the disk under a mount, the memory cgroup hierarchies). A line is "ID PARENT MAJ:MIN ROOT
 * POINT OPTIONS [TAGS...] - TYPE SOURCE SUPER-OPTIONS"; ROOT, POINT and SOURCE carry octal escapes
 * ("\040" for a space), undone here.
 */
final class MountInfo {
    static final Path SELF = Path.of("/proc/self/mountinfo");
    /** The most read: one line a mount, which a container host may have thousands of. */
    private static final int MOST = 4 << 20;

    /** One mount: its device ("MAJ:MIN"), the root of it that is mounted, where, its type, source and super options. */
    record Mount(String device, String root, String point, String type, String source, String superOptions) {
    }

    private MountInfo() {
    }

    /** The mounts {@code file} lists, lines it cannot parse left out; none if it cannot be read. */
    static List<Mount> read(Path file) {
        List<Mount> mounts = new ArrayList<>();
        for (String line : KernelFile.lines(file, MOST)) {
            String[] f = line.split(" ");
            int dash = List.of(f).indexOf("-");
            if (dash < 6 || dash + 3 >= f.length) {
                continue;
            }
            mounts.add(new Mount(f[2], unescaped(f[3]), unescaped(f[4]), f[dash + 1], unescaped(f[dash + 2]), f[dash + 3]));
        }
        return mounts;
    }

    /** A field's octal escapes (space, tab, newline and backslash) undone. */
    private static String unescaped(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder s = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                s.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                s.append(c);
            }
        }
        return s.toString();
    }
}
