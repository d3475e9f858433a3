package dirdump.cli.docs;

import dirdump.cli.docs.Completions.Command;
import dirdump.cli.docs.Completions.Operands;
import dirdump.cli.docs.Completions.Option;
import java.util.List;

/**
 * The zsh completion: a native function (#compdef) on zsh's _arguments, offering what the bash one
 * offers (the same {@link Completions}), with each command's and option's summary in the menu.
 */
public final class ZshCompletion {
    private ZshCompletion() {
    }

    public static String script(List<Command> commands) {
        List<String> subcommands = Completions.subcommands(commands);
        List<String> commandLines = commands.stream().filter(c -> c.operands() == Operands.PATHS_THEN_COMMAND)
                .map(Command::name).toList();
        StringBuilder s = new StringBuilder("#compdef dirdump\n");
        s.append("# zsh completion for dirdump(1), written by the build from its command definitions\n")
                .append("# (dirdump.cli.docs.ZshCompletion): change those, not this. Installed as\n")
                .append("# share/zsh/site-functions/_dirdump (/usr/share/zsh/vendor-completions from the .deb, where\n")
                .append("# Debian's zsh looks); or put it in a directory of $fpath before compinit runs.\n\n");
        s.append("_dirdump() {\n")
                .append("  local cmd= i=2\n")
                .append("  # The command: the first word that names one, as dirdump takes it; option values are not.\n")
                .append("  while (( i < CURRENT )); do\n")
                .append("    case ${words[i]} in\n")
                .append("      (").append(String.join("|", subcommands)).append(") cmd=${words[i]}; break ;;\n")
                .append("      (").append(String.join("|", Completions.namesTakingValues(commands))).append(") (( i++ )) ;;\n")
                .append("    esac\n")
                .append("    (( i++ ))\n")
                .append("  done\n")
                .append("  case $cmd in\n")
                .append("    (").append(String.join("|", commandLines)).append(")\n")
                .append("      # After \"--\": COMMAND and its ARGs, completed as zsh completes a command line (_precommand).\n")
                .append("      local j=$i\n")
                .append("      while (( ++j < CURRENT )); do\n")
                .append("        if [[ ${words[j]} == -- ]]; then\n")
                .append("          words=(\"${(@)words[j+1,-1]}\")\n")
                .append("          (( CURRENT -= j ))\n")
                .append("          _normal\n")
                .append("          return\n")
                .append("        fi\n")
                .append("      done ;;\n")
                .append("  esac\n")
                .append("  if [[ -n $cmd ]]; then\n")
                .append("    # From the command on, as _arguments reads a command line (its name first).\n")
                .append("    words=(\"${(@)words[i,-1]}\")\n")
                .append("    (( CURRENT -= i - 1 ))\n")
                .append("  fi\n")
                .append("  case $cmd in\n");
        for (Command c : commands) {
            s.append("    (").append(c.name().isEmpty() ? "''" : c.name()).append(")\n")
                    .append("      _arguments -s -S :");
            for (Option o : c.options()) {
                for (String name : o.names()) {
                    s.append(" \\\n        ").append(quote(spec(o, name)));
                }
            }
            s.append(" \\\n        ").append(quote(operands(c))).append("\n      ;;\n");
        }
        s.append("  esac\n")
                .append("}\n\n")
                .append("# Before a command: a PATH, or the command.\n")
                .append("_dirdump_paths() {\n")
                .append("  _alternative 'commands:command:_dirdump_commands' 'files:PATH:_files'\n")
                .append("}\n\n")
                .append("# dirdump's commands, each with what it does.\n")
                .append("_dirdump_commands() {\n")
                .append("  local -a commands=(");
        for (Command c : commands) {
            if (!c.name().isEmpty()) {
                s.append("\n    ").append(quote(c.name() + ":" + c.summary()));
            }
        }
        s.append("\n  )\n")
                .append("  _describe -t commands command commands\n")
                .append("}\n\n")
                .append("_dirdump \"$@\"\n");
        return s.toString();
    }

    /** The _arguments spec of the words other than options. */
    private static String operands(Command c) {
        if (c.name().isEmpty()) {
            return "*:PATH:_dirdump_paths";
        }
        return c.operands() == Operands.COMMAND_NAME ? ":COMMAND:_dirdump_commands" : "*:PATH:_files";
    }

    /**
     * One _arguments spec for one name of the option: given once (its names exclude each other) or
     * again and again ("*"), with its summary, and its value's message and action. A long option's
     * value may follow "=" or be the next word; a short one's may be joined to it or be the next word.
     */
    private static String spec(Option o, String name) {
        StringBuilder spec = new StringBuilder();
        if (o.repeatable()) {
            spec.append('*');
        } else if (o.names().size() > 1) {
            spec.append('(').append(String.join(" ", o.names())).append(')');
        }
        spec.append(name);
        boolean value = o.namesWithValue().contains(name);
        if (value) {
            spec.append(name.startsWith("--") ? "=" : "+");
        }
        spec.append('[').append(escape(o.summary(name))).append(']');
        if (value) {
            spec.append(':').append(escape(o.label())).append(':');
            switch (o.value()) {
                case WORDS:
                    spec.append('(').append(String.join(" ", o.words())).append(')');
                    break;
                case LIST:
                    spec.append("_values -s , ").append(escape(o.label())).append(' ').append(String.join(" ", o.words()));
                    break;
                case FILE:
                    spec.append("_files");
                    break;
                default:
                    spec.append(' ');  // only the message: a value of its own
            }
        }
        return spec.toString();
    }

    /** For the brackets and messages of a spec: its special characters taken as they are. */
    private static String escape(String text) {
        return text.replaceAll("([\\\\\\[\\]:])", "\\\\$1");
    }

    /** In single quotes, for zsh. */
    private static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
