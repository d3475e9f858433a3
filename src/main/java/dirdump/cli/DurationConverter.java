package dirdump.cli;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Parses a duration for bench's --timeout, in nanoseconds: a number with a unit as timeout(1) takes
 * it, s (the default), m, h, or ms: 90, 1.5s, 10m, 1h. From 1 ms to 30 days.
 */
final class DurationConverter implements ITypeConverter<Long> {
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h|)",
            Pattern.CASE_INSENSITIVE);
    private static final long MAX_NANOS = 30L * 24 * 3600 * 1_000_000_000L;

    @Override
    public Long convert(String value) {
        Matcher m = DURATION.matcher(value.trim());
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration (examples: 90, 90s, 10m, 1h)");
        }
        long unit;
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
            case "ms": unit = 1_000_000L; break;
            case "m": unit = 60_000_000_000L; break;
            case "h": unit = 3600_000_000_000L; break;
            default: unit = 1_000_000_000L;
        }
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit));
        if (nanos.compareTo(BigDecimal.valueOf(1_000_000L)) < 0 || nanos.compareTo(BigDecimal.valueOf(MAX_NANOS)) > 0) {
            throw new TypeConversionException("'" + value + "' is out of range (1ms to 30 days)");
        }
        return nanos.longValue();
    }
}
