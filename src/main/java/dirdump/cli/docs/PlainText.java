package dirdump.cli.docs;

import java.util.Locale;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The text of the command definitions as --help prints it. picocli takes a command's descriptions,
 * exit statuses and footer as format strings ("%%" is a percent sign, "%n" a new line); an option's
 * description it gives with "%%" already made "%", and with "${DEFAULT-VALUE}" for its default.
 */
final class PlainText {
    private PlainText() {
    }

    /** A command's description line, exit status or footer line, formatted as picocli formats it. */
    static String of(String formatString) {
        return String.format(Locale.ROOT, formatString);
    }

    /** An option's description, its lines joined, with its default filled in. */
    static String description(OptionSpec o) {
        return String.join(" ", o.description()).replace("${DEFAULT-VALUE}", String.valueOf(o.defaultValue()));
    }
}
