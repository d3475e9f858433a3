package dirdump.cli;

import picocli.CommandLine.ITypeConverter;

/**
 * --max-bytes: a size (as {@link SizeConverter.FileSize} takes it), or auto: what the memory there is
 * can hold, found when the read starts (the run's, not the command line's, to know).
 */
final class MaxBytesConverter implements ITypeConverter<MaxBytesConverter.MaxBytes> {
    static final String AUTO = "auto";

    /** The bound given ({@code auto} false), or auto. */
    record MaxBytes(long bytes, boolean auto) {
    }

    @Override
    public MaxBytes convert(String value) {
        if (value.trim().equalsIgnoreCase(AUTO)) {
            return new MaxBytes(0, true);
        }
        return new MaxBytes(SizeConverter.parse(value, 0, Long.MAX_VALUE, "0 bytes to 8 EiB",
                "a size (examples: 65536, 64k, 1M, 1MiB) or auto"), false);
    }
}
