package dirdump.cli;

import picocli.CommandLine.Option;

/** How the --files-from list separates its names, for the commands that take one and print no list. */
public final class ListOptions {
    @Option(names = {"-0", "--null"},
            description = "The names of --files-from end with a NUL byte, as find -print0 and dirdump order -0 write them.")
    boolean nul;
}
