package dirdump.cli.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hand-written part of a man page, docs/man/NAME.md, as troff sections: what the option
 * definitions cannot say. Written in the Markdown that GitHub shows, so that the same text is read
 * there and in man(1); only what these files use is understood: "## " a section, "### " a
 * subsection, paragraphs, "- " items (continued by indented lines), fenced code, and tables, each
 * row an indented paragraph under its first cell. Text before the first section is for GitHub only.
 */
final class ManSections {
    private static final Pattern INLINE = Pattern.compile("`([^`]+)`|\\*\\*(.+?)\\*\\*|\\[([^\\]]+)\\]\\([^)]*\\)");

    private ManSections() {
    }

    /** Each section's heading (upper case, as man pages write them) and troff body, in order. */
    static Map<String, String> of(String markdown) {
        Map<String, String> sections = new LinkedHashMap<>();
        String heading = null;
        StringBuilder body = new StringBuilder();
        List<String> lines = markdown.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("## ")) {
                if (heading != null) {
                    sections.put(heading, body.toString());
                }
                heading = line.substring(3).strip().toUpperCase(Locale.ROOT);
                body = new StringBuilder();
            } else if (heading == null || line.isBlank()) {
                continue;
            } else if (line.startsWith("###")) {
                body.append(".SS ").append(text(line.replaceFirst("^#+ ", ""))).append('\n');
            } else if (line.strip().startsWith("```")) {
                int indent = line.indexOf('`');
                body.append(".PP\n.nf\n");
                for (i++; i < lines.size() && !lines.get(i).strip().startsWith("```"); i++) {
                    String code = lines.get(i);
                    body.append(Troff.esc(code.length() >= indent && code.substring(0, indent).isBlank()
                            ? code.substring(indent) : code.strip())).append('\n');
                }
                body.append(".fi\n");
            } else if (line.startsWith("|")) {
                List<String> header = cells(line);
                for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {  // past the |---| row
                    row(body, header, cells(lines.get(i)));
                }
                i--;
            } else {
                boolean item = line.startsWith("- ");
                StringBuilder paragraph = new StringBuilder(item ? line.substring(2) : line);
                while (i + 1 < lines.size() && continues(lines.get(i + 1), item)) {
                    paragraph.append(' ').append(lines.get(++i).strip());
                }
                body.append(item ? ".IP \\(bu 2\n" : ".PP\n").append(text(paragraph.toString().strip())).append('\n');
            }
        }
        if (heading != null) {
            sections.put(heading, body.toString());
        }
        return sections;
    }

    /** The subsection of a DESCRIPTION that tells the options at length, a table of option and meaning. */
    static final String OPTIONS_IN_DETAIL = "### Options in detail";
    /** An option's name in a table's first cell: `--order=ORDER`, `-j`, `--jobs N`. */
    private static final Pattern OPTION_NAME = Pattern.compile("`(-[^`\\s=]+)");

    /**
     * The rows of the "Options in detail" table, as troff text, by each option name its first cell
     * gives (a row of several options under each of them): the page's OPTIONS tells each option once,
     * with this text in place of --help's shorter one.
     */
    static Map<String, String> optionDetails(String markdown) {
        Map<String, String> details = new LinkedHashMap<>();
        List<String> lines = markdown.lines().toList();
        int at = lines.indexOf(OPTIONS_IN_DETAIL);
        if (at < 0) {
            return details;
        }
        int i = at + 1;
        while (i < lines.size() && !lines.get(i).startsWith("|")) {
            i++;
        }
        for (i += 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {  // past the header and |---|
            List<String> cells = cells(lines.get(i));
            String meaning = text(String.join("; ", cells.subList(1, cells.size()).stream().filter(c -> !c.isEmpty()).toList()));
            Matcher names = OPTION_NAME.matcher(cells.get(0));
            while (names.find()) {
                details.put(names.group(1), meaning);
            }
        }
        return details;
    }

    /** {@code markdown} without its "Options in detail" subsection, whose rows go to OPTIONS. */
    static String withoutOptionDetails(String markdown) {
        List<String> lines = new ArrayList<>(markdown.lines().toList());
        int at = lines.indexOf(OPTIONS_IN_DETAIL);
        if (at < 0) {
            return markdown;
        }
        int end = at + 1;
        while (end < lines.size() && !lines.get(end).startsWith("|")) {
            end++;
        }
        while (end < lines.size() && lines.get(end).startsWith("|")) {
            end++;
        }
        lines.subList(at, end).clear();
        return String.join("\n", lines) + "\n";
    }

    /** Whether {@code next} goes on with the paragraph or item before it. */
    private static boolean continues(String next, boolean item) {
        if (next.isBlank() || next.startsWith("#") || next.startsWith("|") || next.strip().startsWith("```")) {
            return false;
        }
        return item ? next.startsWith("  ") : !next.startsWith("- ");
    }

    /** A table row: its first cell the tag, the others its text, named by their column where there are several. */
    private static void row(StringBuilder body, List<String> header, List<String> cells) {
        List<String> rest = new ArrayList<>();
        for (int c = 1; c < cells.size(); c++) {
            if (!cells.get(c).isEmpty()) {
                rest.add(cells.size() > 2 && c < header.size() && !header.get(c).isEmpty()
                        ? header.get(c) + ": " + cells.get(c) : cells.get(c));
            }
        }
        body.append(".TP\n").append(text(cells.get(0))).append('\n').append(text(String.join("; ", rest))).append('\n');
    }

    /** The cells of a table row; "\|" is a | in a cell. */
    private static List<String> cells(String row) {
        String inner = row.strip().replaceAll("^\\||\\|$", "");
        List<String> cells = new ArrayList<>();
        for (String cell : inner.split("(?<!\\\\)\\|", -1)) {
            cells.add(cell.strip().replace("\\|", "|"));
        }
        return cells;
    }

    /** Inline text: `code` and **strong** in bold, a link as its words. */
    private static String text(String markdown) {
        StringBuilder out = new StringBuilder();
        Matcher m = INLINE.matcher(markdown);
        int at = 0;
        while (m.find()) {
            out.append(Troff.esc(markdown.substring(at, m.start())));
            if (m.group(1) != null) {
                out.append("\\fB").append(Troff.esc(m.group(1))).append("\\fR");
            } else if (m.group(2) != null) {
                out.append("\\fB").append(Troff.esc(m.group(2).replace("`", ""))).append("\\fR");
            } else {
                out.append(text(m.group(3)));
            }
            at = m.end();
        }
        return out.append(Troff.esc(markdown.substring(at))).toString();
    }
}
