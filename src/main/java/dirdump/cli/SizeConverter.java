package dirdump.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses sizes such as 65536, 64k, 64K, 64KiB, 1M, 1MiB, 1G, 2T: suffixes are powers of 1024. This
 * converter is for buffers, 1 byte to 1 GiB; {@link FileSize} is for file sizes.
 */
public final class SizeConverter implements ITypeConverter<Integer> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|[kmgt]|[kmgt]i?b)", Pattern.CASE_INSENSITIVE);

    @Override
    public Integer convert(String value) {
        return (int) parse(value, 1, 1L << 30, "1 byte to 1 GiB");
    }

    /** File sizes (--min-size, --max-size): from 0, and beyond the 1 GiB of a buffer. */
    public static final class FileSize implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return parse(value, 0, Long.MAX_VALUE, "0 bytes to 8 EiB");
        }
    }

    /** A size from {@code min} to {@code max} bytes; {@code range} says so in the message. */
    static long parse(String value, long min, long max, String range) {
        return parse(value, min, max, range, "a size (examples: 65536, 64k, 1M, 1MiB)");
    }

    /** As above; {@code what}: what the value is not, with examples of what it could be, for the message. */
    static long parse(String value, long min, long max, String range, String what) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not " + what);
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        int shift = unit.isEmpty() ? 0 : 10 * ("kmgt".indexOf(unit.charAt(0)) + 1);
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            n = -1;  // more digits than a long holds
        }
        if (n < min || n > (max >> shift)) {
            throw new TypeConversionException("'" + value + "' is out of range (" + range + ")");
        }
        return n << shift;
    }
}
