package dirdump.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into the jar. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"dirdump " + version(),
                "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name")};
    }

    /** "0.1.0", or "unknown" if the jar lost it. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("/dirdump/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // unknown, then
        }
        return p.getProperty("version", "unknown");
    }
}
