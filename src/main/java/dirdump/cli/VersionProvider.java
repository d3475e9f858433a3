package dirdump.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into the jar. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dirdump/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        return new String[] {"dirdump " + p.getProperty("version", "unknown"),
                "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name")};
    }
}
