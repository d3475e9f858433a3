package dirdump.sys;

import java.util.Arrays;

/**
 * A file name dirdump was given for a file of its own (a --replay snapshot, a --save target), split
 * into the directory to open by name and the last component, to be opened relative to that
 * directory's handle: "s" is "." and "s", "/s" is "/" and "s". A trailing slash leaves an empty name,
 * which no open takes.
 */
public record GivenName(byte[] directory, byte[] name) {
    public static GivenName of(byte[] path) {
        int slash = PathNames.lastSlash(path);
        byte[] dir = slash < 0 ? new byte[] {'.'} : slash == 0 ? new byte[] {'/'} : Arrays.copyOf(path, slash);
        return new GivenName(dir, Arrays.copyOfRange(path, slash + 1, path.length));
    }
}
