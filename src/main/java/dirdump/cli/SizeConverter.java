package dirdump.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses buffer sizes such as 65536, 64k, 64K, 64KiB, 1M, 1MiB, 1G: suffixes are powers of 1024. */
public final class SizeConverter implements ITypeConverter<Integer> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|[kmgt]|[kmgt]i?b)", Pattern.CASE_INSENSITIVE);

    @Override
    public Integer convert(String value) {
        return (int) parse(value, 1L << 30, "1 GiB");
    }

    /** A size from 1 byte to {@code max}; {@code maxText} names the limit in the message. */
    static long parse(String value, long max, String maxText) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a size (examples: 65536, 64k, 1M, 1MiB)");
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        int shift = unit.isEmpty() ? 0 : 10 * ("kmgt".indexOf(unit.charAt(0)) + 1);
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            n = Long.MAX_VALUE;
        }
        if (n == 0 || n > (max >> shift)) {
            throw new TypeConversionException("'" + value + "' is out of range (1 byte to " + maxText + ")");
        }
        return n << shift;
    }
}
