package dirdump.cli.docs;

import dirdump.run.ExitCode;

/** docs/exit-status.md: every command's exit statuses, made from {@link ExitCode} as the help and man pages are. */
public final class ExitStatusTable {
    private ExitStatusTable() {
    }

    public static String markdown() {
        StringBuilder md = new StringBuilder("# Exit statuses\n\n"
                + "<!-- Made from dirdump.run.ExitCode by the build (target/doc/exit-status.md): edit the texts there, then copy "
                + "that file here; DocsTest checks that the two are the same. -->\n\n"
                + "What each command's exit status means, as its `--help` and man page say it. The launcher exits 2 "
                + "too when it finds no Java 17 or newer.\n");
        for (ExitCode.Command command : ExitCode.Command.values()) {
            md.append("\n## ").append(command.qualifiedName).append("\n\n| status | meaning |\n|---|---|\n");
            ExitCode.list(command).forEach((status, text) ->
                    md.append("| ").append(status).append(" | ").append(text.replace("|", "\\|")).append(" |\n"));
        }
        return md.toString();
    }
}
