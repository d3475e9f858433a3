package dirdump.cli;

import dirdump.report.LineFormat;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** --format of {@code dirdump order}: a template that is no LineFormat is a usage error, in its words. */
final class LineFormatConverter implements ITypeConverter<LineFormat> {
    @Override
    public LineFormat convert(String template) {
        try {
            return LineFormat.parse(template);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
