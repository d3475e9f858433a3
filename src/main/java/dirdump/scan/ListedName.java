package dirdump.scan;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The directory part of a --files-from name, split where resolution starts: "/" for an absolute name,
 * else the working directory with the name's leading ".." steps ("..", "../.."), which no other user
 * can swap for a link. The rest is resolved below that base with no symbolic link followed.
 */
record ListedName(String base, byte[] rest) {
    static ListedName of(byte[] dir) {
        if (dir.length > 0 && dir[0] == '/') {
            return new ListedName("/", strip(dir, 1));
        }
        StringBuilder base = new StringBuilder(".");
        int at = 0;
        while (dir.length - at >= 2 && dir[at] == '.' && dir[at + 1] == '.'
                && (dir.length - at == 2 || dir[at + 2] == '/')) {
            base.append(base.length() == 1 ? "." : "/..");
            at = Math.min(dir.length, at + 3);
            while (at < dir.length && dir[at] == '/') {
                at++;
            }
        }
        return new ListedName(base.toString(), Arrays.copyOfRange(dir, at, dir.length));
    }

    byte[] baseBytes() {
        return base.getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] strip(byte[] dir, int from) {
        int at = from;
        while (at < dir.length && dir[at] == '/') {
            at++;
        }
        return Arrays.copyOfRange(dir, at, dir.length);
    }
}
