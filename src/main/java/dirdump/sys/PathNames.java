package dirdump.sys;

import java.nio.charset.Charset;

/** Converts between the JVM's strings and the bytes of file names, as the JVM itself does. */
public final class PathNames {
    /** The charset the JVM uses for file names and arguments (from the locale). */
    public static final Charset CHARSET = Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));

    private PathNames() {
    }

    public static byte[] bytes(String path) {
        return path.getBytes(CHARSET);
    }

    /** The index of the last '/' in a path, or -1. */
    public static int lastSlash(byte[] path) {
        for (int i = path.length - 1; i >= 0; i--) {
            if (path[i] == '/') {
                return i;
            }
        }
        return -1;
    }

    static String string(byte[] path) {
        return new String(path, CHARSET);
    }
}
