package dirdump.report;

import dirdump.order.Locations;
import dirdump.outcome.PathText;
import dirdump.scan.WalkResult;
import dirdump.sys.DeviceNumbers;
import dirdump.sys.PathNames;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;

/**
 * The --format template of {@code dirdump order}: text with %p (path), %i (inode), %s (size in
 * bytes), %o (first physical byte of the first extent), %d (device, MAJOR:MINOR) and %% (a percent
 * sign). A value that is not known is printed as "-". In raw mode (-0) the path is the name's bytes
 * as they are; otherwise it is escaped as in messages, so that one file is one line.
 */
public final class LineFormat {
    private static final String FIELDS = "pisod";
    private static final byte[] UNKNOWN = {'-'};

    /** Literal bytes and field letters, alternating: literal[i], then field[i]; one more literal than fields. */
    private final List<byte[]> literals;
    private final char[] fields;

    private LineFormat(List<byte[]> literals, char[] fields) {
        this.literals = literals;
        this.fields = fields;
    }

    /** The template parsed; a % that is no field is refused (IllegalArgumentException), naming the fields. */
    public static LineFormat parse(String template) {
        List<byte[]> literals = new ArrayList<>();
        StringBuilder fields = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c != '%') {
                literal.append(c);
                continue;
            }
            char next = i + 1 < template.length() ? template.charAt(i + 1) : ' ';
            i++;
            if (next == '%') {
                literal.append('%');
            } else if (FIELDS.indexOf(next) >= 0) {
                literals.add(PathNames.bytes(literal.toString()));
                literal.setLength(0);
                fields.append(next);
            } else {
                throw new IllegalArgumentException("'" + template + "': %" + (next == ' ' ? "" : next)
                        + " is not a field (%p path, %i inode, %s size, %o physical byte, %d device, %% percent)");
            }
        }
        literals.add(PathNames.bytes(literal.toString()));
        return new LineFormat(literals, fields.toString().toCharArray());
    }

    public boolean needsLocations() {
        return new String(fields).indexOf('o') >= 0;
    }

    /** Writes file {@code f}'s line, without its terminator; {@code sizes}: each file's size, -1 if not known. */
    public void write(OutputStream out, int f, WalkResult walk, Locations locations, IntToLongFunction sizes,
                      boolean raw) throws IOException {
        byte[] path = walk.path(f);
        for (int i = 0; i < fields.length; i++) {
            out.write(literals.get(i));
            switch (fields[i]) {
                case 'p':
                    out.write(raw ? path : PathText.of(path).getBytes(StandardCharsets.UTF_8));
                    break;
                case 'i':
                    out.write(ascii(Long.toUnsignedString(walk.files.ino(f))));
                    break;
                case 's':
                    long size = sizes.applyAsLong(f);
                    out.write(size < 0 ? UNKNOWN : ascii(Long.toString(size)));
                    break;
                case 'o':
                    out.write(locations.known(f) ? ascii(Long.toString(locations.start(f))) : UNKNOWN);
                    break;
                default:
                    out.write(ascii(DeviceNumbers.text(walk.files.dev(f))));
            }
        }
        out.write(literals.get(fields.length));
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
