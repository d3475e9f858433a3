package dirdump.cli;

import picocli.CommandLine.ITypeConverter;

/** Parses a byte rate for --bwlimit: a size per second, such as 50M, 50M/s, 500KiB/s (powers of 1024). */
public final class RateConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        String size = value.trim();
        if (size.endsWith("/s")) {
            size = size.substring(0, size.length() - 2);
        }
        return SizeConverter.parse(size, 1, 1L << 50, "1 byte/s to 1 PiB/s", "a rate (examples: 50M/s, 500KiB/s, 1G/s)");
    }
}
