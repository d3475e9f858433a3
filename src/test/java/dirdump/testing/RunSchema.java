package dirdump.testing;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.stream.Collectors;

/** The JSON Schema the project ships (src/main/resources/dirdump/schema), as a user's validator reads it. */
public final class RunSchema {
    public static final String RESOURCE = "/dirdump/schema/dirdump-record.schema.json";
    private static final Schema SCHEMA = load();

    private RunSchema() {
    }

    private static Schema load() {
        try (InputStream in = RunSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What is wrong with {@code json} against the schema: empty when it validates. */
    public static List<String> errors(String json) {
        return SCHEMA.validate(json, InputFormat.JSON).stream().map(Error::toString).collect(Collectors.toList());
    }

    /** Fails with every error and the record itself when {@code json} does not validate. */
    public static void check(String json) {
        List<String> errors = errors(json);
        if (!errors.isEmpty()) {
            throw new AssertionError("not valid against " + RESOURCE + ": " + errors + "\n" + json);
        }
    }
}
