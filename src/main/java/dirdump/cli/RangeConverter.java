package dirdump.cli;

import dirdump.read.FileRange;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** --range START-END, -END (the last END bytes) or START- (from START on), in sizes as SizeConverter takes. */
final class RangeConverter implements ITypeConverter<FileRange> {
    private static final String FORMS = "START-END, -SIZE (the last SIZE bytes) or START- (from START on), "
            + "as 0-1G, -4M, 4M-";

    @Override
    public FileRange convert(String value) {
        int dash = value.indexOf('-');
        if (dash < 0 || value.indexOf('-', dash + 1) >= 0 || value.trim().equals("-")) {
            throw new TypeConversionException("'" + value + "' is not a range: give " + FORMS);
        }
        try {
            return range(value.substring(0, dash).trim(), value.substring(dash + 1).trim());
        } catch (TypeConversionException e) {
            throw new TypeConversionException("'" + value + "': " + e.getMessage());
        }
    }

    private static FileRange range(String from, String to) {
        if (from.isEmpty()) {
            return new FileRange(0, size(to), true);  // -0 is no value: picocli takes it for the option -0
        }
        long start = size(from);
        long end = to.isEmpty() ? Long.MAX_VALUE : size(to);
        if (start >= end) {
            throw new TypeConversionException("START must be less than END (END is not read: 0-1M is the first MiB)");
        }
        return new FileRange(start, end, false);
    }

    private static long size(String text) {
        return SizeConverter.parse(text, 0, Long.MAX_VALUE, "0 bytes to 8 EiB");
    }
}
