package dirdump.cli;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Parses sizes such as 65536, 64k, 64K, 64KiB, 1M, 1MiB, 1G: suffixes are powers of 1024. */
public final class SizeConverter implements ITypeConverter<Integer> {
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(|[kmg]|[kmg]i?b)", Pattern.CASE_INSENSITIVE);
    private static final long MAX = 1L << 30;

    @Override
    public Integer convert(String value) {
        Matcher m = SIZE.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a size (examples: 65536, 64k, 1M, 1MiB)");
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        int shift = unit.isEmpty() ? 0 : unit.charAt(0) == 'k' ? 10 : unit.charAt(0) == 'm' ? 20 : 30;
        long n;
        try {
            n = Long.parseLong(m.group(1));
        } catch (NumberFormatException e) {
            n = Long.MAX_VALUE;
        }
        if (n == 0 || n > (MAX >> shift)) {
            throw new TypeConversionException("'" + value + "' is out of range (1 byte to 1 GiB)");
        }
        return (int) (n << shift);
    }
}
