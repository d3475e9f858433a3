package dirdump.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Map;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Writes the man page and the shell completions from the command definitions, so that they cannot
 * drift from --help. Run by the build: {@code Docs OUTDIR} makes OUTDIR/man/dirdump.1,
 * OUTDIR/completion/dirdump.bash and OUTDIR/completion/_dirdump (zsh).
 */
public final class Docs {
    private Docs() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        CommandLine cli = dirdump.Main.commandLine(System.in, System.out, System.err);
        Files.createDirectories(out.resolve("man"));
        Files.createDirectories(out.resolve("completion"));
        Files.writeString(out.resolve("man/dirdump.1"), manPage(cli.getCommandSpec()));
        String bash = AutoComplete.bash("dirdump", cli);
        Files.writeString(out.resolve("completion/dirdump.bash"), bash);
        // zsh runs the bash completion through its bashcompinit layer, which picocli's script supports.
        Files.writeString(out.resolve("completion/_dirdump"),
                "#compdef dirdump\nautoload -U +X bashcompinit && bashcompinit\n" + bash);
    }

    static String manPage(CommandSpec spec) {
        StringBuilder m = new StringBuilder();
        String version = spec.version().length > 0 ? spec.version()[0] : "dirdump";
        m.append(".TH DIRDUMP 1 \"").append(LocalDate.now()).append("\" \"").append(esc(version)).append("\" \"User Commands\"\n");
        m.append(".SH NAME\ndirdump \\- read a directory tree in disk order to warm the page cache\n");
        m.append(".SH SYNOPSIS\n");
        section(m, spec, true);
        for (Map.Entry<String, CommandLine> sub : spec.subcommands().entrySet()) {
            if (!sub.getValue().getCommandSpec().usageMessage().hidden()) {
                m.append(".SH COMMAND: ").append(esc(sub.getKey().toUpperCase())).append('\n');
                section(m, sub.getValue().getCommandSpec(), false);
            }
        }
        m.append(".SH EXIT STATUS\n");
        for (Map.Entry<String, String> e : spec.usageMessage().exitCodeList().entrySet()) {
            m.append(".TP\n.B ").append(esc(e.getKey().trim())).append('\n').append(esc(e.getValue())).append('\n');
        }
        m.append(".SH EXAMPLES\n.nf\n");
        for (String line : spec.usageMessage().footer()) {
            m.append(esc(line)).append('\n');
        }
        m.append(".fi\n.SH ENVIRONMENT\n.TP\n.B DIRDUMP_JAVA_OPTS\n")
                .append("JVM options for the launcher bin/dirdump, in place of its defaults.\n")
                .append(".SH SEE ALSO\n.BR vmtouch (8),\n.BR fincore (1),\n.BR posix_fadvise (2),\n.BR getdents64 (2)\n");
        return m.toString();
    }

    private static void section(StringBuilder m, CommandSpec spec, boolean top) {
        StringBuilder synopsis = new StringBuilder(".B ").append(esc(spec.qualifiedName())).append("\n[OPTIONS]");
        for (PositionalParamSpec p : spec.positionalParameters()) {
            synopsis.append(' ').append(esc(p.paramLabel())).append(p.isMultiValue() ? "..." : "");
        }
        m.append(synopsis).append('\n');
        if (top) {
            m.append(".SH DESCRIPTION\n");
        } else {
            m.append(".PP\n");
        }
        for (String paragraph : spec.usageMessage().description()) {
            if (!paragraph.isBlank()) {
                m.append(esc(paragraph)).append("\n.PP\n");
            }
        }
        if (top) {
            m.append(".SH OPTIONS\n");
        }
        for (OptionSpec o : spec.options()) {
            if (o.hidden()) {
                continue;
            }
            m.append(".TP\n.B ").append(esc(String.join(", ", o.names())));
            if (o.typeInfo().isBoolean()) {
                m.append('\n');
            } else {
                m.append(" \\fI").append(esc(o.paramLabel())).append("\\fR\n");
            }
            m.append(esc(String.join(" ", o.description()).replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()))))
                    .append('\n');
        }
    }

    /** Escapes text for troff: backslashes, hyphens, and a dot or quote at the start of a line. */
    static String esc(String s) {
        String t = s.replace("\\", "\\e").replace("-", "\\-");
        return t.startsWith(".") || t.startsWith("'") ? "\\&" + t : t;
    }
}
