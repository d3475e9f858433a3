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

    static String string(byte[] path) {
        return new String(path, CHARSET);
    }
}
