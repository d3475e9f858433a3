package dirdump.sys;

/**
 * strerror_l(3) in a C locale of its own: the same words whatever the user's locale. Made when libc
 * is bound, so that telling an error needs nothing more: no class loaded, library bound or file
 * opened then, when the error may be that no descriptor is left (EMFILE).
 */
final class ErrorTexts {
    /** glibc's LC_ALL_MASK: a bit for every category, but none for LC_ALL itself (6). */
    private static final int LC_ALL_MASK = 0x1fbf;

    private final Libc libc;
    /** A locale object (glibc hands the C locale's own, which loads nothing), never freed; 0 if it cannot be made. */
    private final long cLocale;

    ErrorTexts(Libc libc) {
        this.libc = libc;
        this.cLocale = libc.newlocale(LC_ALL_MASK, new byte[] {'C', 0});
    }

    String of(int errno) {
        return cLocale != 0 ? libc.strerror(errno, cLocale) : "error " + errno;
    }
}
