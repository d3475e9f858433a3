package dirdump.sys;

import jnr.ffi.Pointer;

/** strerror_l(3) in a C locale of its own: the same words whatever the user's locale. */
final class ErrorTexts {
    /** glibc's LC_ALL_MASK: a bit for every category, but none for LC_ALL itself (6). */
    private static final int LC_ALL_MASK = 0x1fbf;

    private final Libc.Errors libc;
    /** A locale object, never freed: one per process. NULL if it cannot be made. */
    private final Pointer cLocale;

    ErrorTexts(Libc.Errors libc) {
        this.libc = libc;
        this.cLocale = libc.newlocale(LC_ALL_MASK, "C", null);
    }

    String of(int errno) {
        return cLocale != null ? libc.strerror_l(errno, cLocale) : "error " + errno;
    }
}
