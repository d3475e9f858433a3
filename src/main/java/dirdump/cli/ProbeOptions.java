package dirdump.cli;

import dirdump.cache.ProbeMethod;
import picocli.CommandLine.Option;

/** How page-cache residency is measured, for the commands that report it. */
public final class ProbeOptions {
    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "auto",
            description = "Residency by auto (cachestat, else mmap+mincore), cachestat or mincore (default ${DEFAULT-VALUE}).")
    ProbeMethod method;
}
