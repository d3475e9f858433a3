package dirdump.outcome;

/** How counts and sizes are written in every message and summary: powers of 1024, as ls -h and du -h. */
public final class Units {
    /** Sizes and rates are in powers of 1024 everywhere, as --buffer-size and --bwlimit take them. */
    public static final double MIB = 1024 * 1024;

    private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB"};

    private Units() {
    }

    /** "1 file", "2,000 files": a count and its noun. */
    public static String count(long n, String one, String many) {
        return String.format(java.util.Locale.ROOT, "%,d %s", n, n == 1 ? one : many);
    }

    /** Bytes in binary units, as ls -h and du -h show them. */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        int u = 0;
        long unit = 1024;
        while (n / unit >= 1024 && u < UNITS.length - 1) {
            unit *= 1024;
            u++;
        }
        // Tenths, rounded half up as %.1f rounds them, in integers: String.format costs microseconds,
        // and status -v calls this twice a row.
        long tenths = n / unit * 10 + (n % unit * 10 + unit / 2) / unit;
        return tenths / 10 + "." + tenths % 10 + " " + UNITS[u];
    }

    /** A bound in bytes as it was set, in the largest binary unit that divides it: "16 MiB", "1 GiB", "4,097 bytes". */
    public static String exact(long n) {
        for (int u = UNITS.length; u > 0; u--) {
            long unit = 1L << (10 * u);
            if (n >= unit && n % unit == 0) {
                return n / unit + " " + UNITS[u - 1];
            }
        }
        return count(n, "byte", "bytes");
    }

    /**
     * Resident of all pages, in text: "99.9", "-" without pages. Rounded down to 0.1, so that 100.0
     * means every page; not String.format, which costs microseconds a row of status -v.
     */
    public static String percent(long resident, long pages) {
        if (pages == 0) {
            return "-";
        }
        long tenths = (long) Math.floor(1000.0 * resident / pages);
        return tenths / 10 + "." + tenths % 10;
    }
}
