package dirdump.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * The JSON Schema of every --json record, as the jar holds it (and the install puts it beside the jar,
 * as share/dirdump/dirdump-record.schema.json): printed by dirdump --json-schema.
 */
public final class RecordSchema {
    /** Where the jar holds it. */
    public static final String RESOURCE = "/dirdump/schema/dirdump-record.schema.json";
    /** Where an install puts it, under its prefix (src/main/assembly/dist.xml). */
    public static final String INSTALLED = "share/dirdump/dirdump-record.schema.json";

    private RecordSchema() {
    }

    /** Writes the schema's bytes to {@code out}, as they are, and flushes it (a write that fails throws there). */
    public static void print(PrintStream out) {
        try (InputStream in = RecordSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not in the jar");
            }
            out.write(in.readAllBytes());
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
