package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.BuiltJar;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** dirdump --json-schema from the built jar: the schema as the jar holds it, and a write that fails said so. */
class JsonSchemaIT {
    @Test
    void aFullDiskIsAWriteErrorNotASilentSuccess() throws Exception {
        File full = new File("/dev/full");
        assumeTrue(full.exists(), "/dev/full is needed for a write that fails");
        Process p = BuiltJar.builder("--json-schema").redirectOutput(full).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        assertEquals(2, p.exitValue(), err);
        assertEquals("dirdump: write error: No space left on device\n", err);
    }

    @Test
    void theSchemaIsTheJarsOwn() throws Exception {
        var r = BuiltJar.run("--json-schema");
        assertEquals(0, r.status(), r.err());
        try (var in = JsonSchemaIT.class.getResourceAsStream("/dirdump/schema/dirdump-record.schema.json")) {
            assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), r.out());
        }
    }
}
