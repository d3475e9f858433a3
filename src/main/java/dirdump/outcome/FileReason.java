package dirdump.outcome;

import dirdump.sys.SysException;
import java.io.IOException;

/** Why the FILE of an option (--save, --replay) cannot be used, in strerror's words. */
public final class FileReason {
    private FileReason() {
    }

    public static String of(Exception e) {
        return e instanceof IOException io ? SysException.of(io).getMessage() : "not a file name this system takes";
    }
}
