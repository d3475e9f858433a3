package dirdump.cli;

import dirdump.report.RunRecord;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into the jar. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"dirdump " + RunRecord.version(),
                "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name")};
    }
}
