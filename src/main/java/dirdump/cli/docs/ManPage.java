package dirdump.cli.docs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine;

/**
 * The man pages, one per command as git has them: dirdump(1) for the read, and dirdump-order(1),
 * dirdump-status(1), ... for the subcommands, and testdata-gen(1). They come from the command
 * definitions (the exit statuses from run.ExitCode), from docs/man/NAME.md (what the options cannot
 * say, {@link ManSections}), and, for the NAME lines and the launcher (ENVIRONMENT, FILES), from here.
 * No date: the same sources give the same bytes.
 */
public final class ManPage {
    /** The NAME line of each command, the one thing --help has no place for. */
    private static final Map<String, String> SUMMARIES = Map.of(
            "dirdump", "read a directory tree in disk order to warm the page cache",
            "dirdump order", "print the files of a directory tree in the order dirdump reads them",
            "dirdump status", "show how much of a directory tree is in the page cache",
            "dirdump evict", "drop the files of a directory tree from the page cache",
            "dirdump lock", "lock the files of a directory tree in memory until a signal",
            "dirdump run", "warm or lock a directory tree, run a command, release it when the command exits",
            "dirdump bench", "compare ways of reading a directory tree, each from a cold page cache",
            "testdata-gen", "write a tree of many small files, the same for the same arguments, to measure reads on");

    private ManPage() {
    }

    /**
     * Each page's file name (dirdump-status.1) and text, for dirdump and its commands and for
     * {@code others} (testdata-gen); {@code sections} gives a page's docs/man/NAME.md by its NAME.
     */
    public static Map<String, String> pages(CommandLine root, List<CommandLine> others, Function<String, String> sections) {
        List<CommandSpec> specs = new ArrayList<>(Commands.of(root));
        others.forEach(other -> specs.add(other.getCommandSpec()));
        Map<String, String> pages = new LinkedHashMap<>();
        for (CommandSpec spec : specs) {
            String markdown = sections.apply(name(spec));
            pages.put(name(spec) + ".1", page(spec, specs, ManSections.of(ManSections.withoutOptionDetails(markdown)),
                    ManSections.optionDetails(markdown)));
        }
        return pages;
    }

    /** dirdump, dirdump-status, ... */
    private static String name(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    /** {@code details}: the text of docs/man/NAME.md's "Options in detail" by option name, told in OPTIONS. */
    private static String page(CommandSpec spec, List<CommandSpec> all, Map<String, String> sections,
                               Map<String, String> details) {
        sections = new LinkedHashMap<>(sections);
        boolean top = !spec.subcommands().isEmpty();  // dirdump itself, with its commands
        StringBuilder m = new StringBuilder();
        String version = spec.root().version().length > 0 ? spec.root().version()[0] : "dirdump";
        m.append(".TH ").append(Troff.esc(name(spec).toUpperCase(Locale.ROOT))).append(" 1 \"\" \"")
                .append(Troff.esc(version)).append("\" \"User Commands\"\n");
        m.append(".SH NAME\n").append(Troff.esc(name(spec))).append(" \\- ").append(Troff.esc(summary(spec))).append('\n');

        m.append(".SH SYNOPSIS\n");
        synopsis(m, spec, "");
        if (top) {
            m.append(".br\n");
            synopsis(m, spec, "\\-\\-files\\-from \\fIFILE\\fR [\\fIPATH\\fR...]");
            m.append(".br\n.B ").append(Troff.esc(spec.name())).append("\n\\fICOMMAND\\fR [\\fIOPTIONS\\fR] \\fIPATH\\fR...\n");
        }

        m.append(".SH DESCRIPTION\n");
        for (String paragraph : spec.usageMessage().description()) {
            if (!paragraph.isBlank()) {
                m.append(Troff.esc(PlainText.of(paragraph))).append("\n.PP\n");
            }
        }
        m.append(sections.getOrDefault("DESCRIPTION", ""));
        sections.remove("DESCRIPTION");
        String examples = sections.remove("EXAMPLES");
        if (top) {
            m.append(".SH COMMANDS\n");
            for (CommandSpec sub : all) {
                if (sub.parent() != spec) {
                    continue;
                }
                m.append(".TP\n.B ").append(Troff.esc(sub.qualifiedName())).append('\n')
                        .append(Troff.esc(summary(sub))).append(": ").append(reference(sub)).append(".\n");
            }
        }

        m.append(".SH OPTIONS\n");
        Set<String> told = new HashSet<>();
        for (OptionSpec o : spec.options()) {
            String detail = detail(o, details);
            if (o.hidden() || detail != null && !told.add(detail)) {
                continue;  // a row of several options (--min-size, --max-size) is told once, at the first
            }
            List<OptionSpec> same = spec.options().stream()
                    .filter(x -> !x.hidden() && detail != null && detail.equals(detail(x, details))).toList();
            option(m, same.isEmpty() ? List.of(o) : same, spec);
            m.append(detail != null ? detail : Troff.esc(PlainText.description(o))).append('\n');
        }
        sections.forEach((heading, body) -> m.append(".SH ").append(Troff.esc(heading)).append('\n').append(body));

        m.append(".SH EXIT STATUS\n");
        for (Map.Entry<String, String> e : spec.usageMessage().exitCodeList().entrySet()) {
            m.append(".TP\n.B ").append(Troff.esc(e.getKey().strip())).append('\n')
                    .append(Troff.esc(PlainText.of(e.getValue()))).append('\n');
        }
        m.append(".PP\nThe launcher exits 2 too when it finds no Java 17 or newer (see ENVIRONMENT).\n");

        if (spec.optionsMap().containsKey("--json")) {
            m.append(".SH JSON\n")
                    .append(Troff.esc("With --json, one JSON object on stdout, a record of the JSON Schema that dirdump "
                            + "--json-schema prints, installed as dirdump-record.schema.json in share/dirdump of the installation "
                            + "(/usr/share/dirdump from the .deb). Its fields are described in docs/json.md in "
                            + "share/doc/dirdump of the installation (/usr/share/doc/dirdump/docs/json.md from the .deb, "
                            + "/usr/local/share/doc/dirdump/docs/json.md from bin/install)."))
                    .append('\n');
        }

        Environment.section(m, spec.qualifiedName());
        if (top) {
            files(m);
        }

        if (spec.usageMessage().footer().length > 0 || examples != null) {
            m.append(".SH EXAMPLES\n");
            if (spec.usageMessage().footer().length > 0) {
                m.append(".nf\n");
                for (String line : spec.usageMessage().footer()) {
                    m.append(Troff.esc(PlainText.of(line).strip())).append('\n');
                }
                m.append(".fi\n");
            }
            m.append(examples != null ? examples : "");
        }

        m.append(".SH SEE ALSO\n");
        List<String> see = new ArrayList<>();
        for (CommandSpec other : all) {
            if (other != spec) {
                see.add(reference(other));
            }
        }
        see.addAll(List.of("\\fBvmtouch\\fR(8)", "\\fBfincore\\fR(1)", "\\fBposix_fadvise\\fR(2)", "\\fBcachestat\\fR(2)"));
        m.append(String.join(",\n", see)).append('\n');
        return m.toString();
    }

    private static String summary(CommandSpec spec) {
        String summary = SUMMARIES.get(spec.qualifiedName());
        if (summary == null) {
            throw new IllegalStateException("no NAME line for '" + spec.qualifiedName() + "': add one to ManPage.SUMMARIES");
        }
        return summary;
    }

    /** \fBdirdump-status\fR(1) */
    private static String reference(CommandSpec spec) {
        return "\\fB" + Troff.esc(name(spec)) + "\\fR(1)";
    }

    /** One synopsis line: the command, [OPTIONS], then its PATHs, or {@code rest} if given. */
    private static void synopsis(StringBuilder m, CommandSpec spec, String rest) {
        String[] custom = spec.usageMessage().customSynopsis();
        if (custom.length > 0 && rest.isEmpty()) {
            m.append(Troff.esc(custom[0])).append('\n');  // run's: PATH... -- COMMAND
            return;
        }
        m.append(".B ").append(Troff.esc(spec.qualifiedName())).append("\n[\\fIOPTIONS\\fR]");
        if (!rest.isEmpty()) {
            m.append(' ').append(rest);
        } else {
            for (PositionalParamSpec p : spec.positionalParameters()) {
                m.append(" \\fI").append(Troff.esc(p.paramLabel())).append("\\fR").append(p.isMultiValue() ? "..." : "");
            }
        }
        m.append('\n');
    }

    /** The text of {@code o} in the page's "Options in detail", or null: then --help's is the page's. */
    private static String detail(OptionSpec o, Map<String, String> details) {
        for (String name : o.names()) {
            if (details.containsKey(name)) {
                return details.get(name);
            }
        }
        return null;
    }

    /** The tag of an entry of OPTIONS: the names of {@code options} (one, or those one text tells), each with its value. */
    private static void option(StringBuilder m, List<OptionSpec> options, CommandSpec spec) {
        List<String> tags = new ArrayList<>();
        for (OptionSpec o : options) {
            List<String> names = new ArrayList<>(List.of(o.names()));
            String negated = Commands.negated(o, spec);
            if (negated != null) {
                names.add(negated);
            }
            String tag = Troff.esc(String.join(", ", names));
            tags.add(o.typeInfo().isBoolean() ? tag : tag + " \\fI" + Troff.esc(o.paramLabel()) + "\\fP");
        }
        m.append(".TP\n.B ").append(String.join(", ", tags)).append('\n');
    }

    private static void files(StringBuilder m) {
        m.append(".SH FILES\n");
        item(m, ".I PREFIX/share/dirdump/dirdump.jar",
                "The program, which the launcher PREFIX/bin/dirdump finds in ../share/dirdump from its own directory: "
                + "/usr/share/dirdump from the .deb, /usr/local/share/dirdump from bin/install. Beside the launcher's "
                + "scripts in PREFIX/lib/dirdump, jffi's native library is in its jni directory.");
        item(m, ".I PREFIX/lib/dirdump/dirdump\\-JVM.jsa",
                "The class-data archive that saves about a fifth of each start, made at install time "
                + "(lib/dirdump/make-archive) for the JVM found then.");
        item(m, ".I ~/.cache/dirdump/",
                "The archive for another JVM (after an upgrade, or with JAVA_HOME), made by the first "
                + "run that uses it, and again when the jar is replaced. Without a cache directory that can be "
                + "written and that no other user can change, dirdump runs without one.");
        item(m, ".I PREFIX/lib/dirdump/jni/",
                "The native part of jnr-ffi (jffi) for each Linux architecture, loaded from there: nothing is "
                + "unpacked at run time.");
        item(m, ".I PREFIX/share/doc/dirdump/dirdump\\-warm@.service, dirdump\\-warm@.timer",
                "Example systemd units that warm a directory every 15 minutes, with --quiet (docs/cron-systemd.md).");
        item(m, ".I PREFIX/share/doc/dirdump/README.md, docs/",
                "The README, and what it links: the JSON records, the snapshot format, security, performance, "
                + "architecture, cron and systemd, and the exit statuses of every command.");
    }

    /** A tagged paragraph: {@code tag} is the troff line under .TP (.B NAME, .I FILE), {@code text} plain. */
    static void item(StringBuilder m, String tag, String text) {
        m.append(".TP\n").append(tag).append('\n').append(Troff.esc(text)).append('\n');
    }
}
