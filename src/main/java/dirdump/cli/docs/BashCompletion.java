package dirdump.cli.docs;

import dirdump.cli.docs.Completions.Command;
import dirdump.cli.docs.Completions.Operands;
import dirdump.cli.docs.Completions.Option;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The bash completion: a function of its own (not picocli's generated one, which turns filename
 * completion off for PATHs and offers enum names in upper case). PATHs and FILEs complete as files,
 * an option's value as the words it takes, after a "-" every option of the command, help's operand as
 * a command's name, and run's COMMAND as a command line of its own.
 */
public final class BashCompletion {
    /** What may be written unquoted into the script: option names, commands and value words are all so. */
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9._:+-]+");

    private BashCompletion() {
    }

    public static String script(List<Command> commands) {
        StringBuilder s = new StringBuilder();
        s.append("# bash completion for dirdump(1), written by the build from its command definitions\n")
                .append("# (dirdump.cli.docs.BashCompletion): change those, not this. Installed as\n")
                .append("# share/bash-completion/completions/dirdump, which bash-completion loads when it is first needed;\n")
                .append("# or source this file from ~/.bashrc.\n\n");
        s.append("# The WORDs that begin as the word being completed does.\n")
                .append("_dirdump_reply() {\n")
                .append("    mapfile -t COMPREPLY < <(compgen -W \"$*\" -- \"$cur\")\n")
                .append("}\n\n");
        s.append("# Adds the files and directories whose names begin so; compopt (only while completing) has bash\n")
                .append("# quote them and end a directory with a slash.\n")
                .append("_dirdump_files() {\n")
                .append("    compopt -o filenames 2>/dev/null\n")
                .append("    local f\n")
                .append("    while IFS= read -r f; do COMPREPLY+=(\"$f\"); done < <(compgen -f -- \"$cur\")\n")
                .append("}\n\n");
        s.append("# Of a comma-separated list of the WORDs (status -o RES,FILE): the next one, after those typed.\n")
                .append("_dirdump_list() {\n")
                .append("    local typed=\n")
                .append("    [[ $cur == *,* ]] && typed=${cur%,*},\n")
                .append("    mapfile -t COMPREPLY < <(compgen -P \"$typed\" -W \"$*\" -- \"${cur##*,}\")\n")
                .append("    compopt -o nospace 2>/dev/null  # room for the next comma\n")
                .append("}\n\n");
        s.append("# A command line of its own from word $1 on (run's COMMAND and ARGs): as bash-completion completes\n")
                .append("# one after sudo, the command's own completion; without it, a command name, then files.\n")
                .append("_dirdump_command() {\n")
                .append("    if declare -F _command_offset >/dev/null; then\n")
                .append("        _command_offset \"$1\"\n")
                .append("    elif ((COMP_CWORD == $1)); then\n")
                .append("        mapfile -t COMPREPLY < <(compgen -c -- \"$cur\")\n")
                .append("    else\n")
                .append("        _dirdump_files\n")
                .append("    fi\n")
                .append("}\n\n");
        s.append("_dirdump() {\n")
                .append("    local cur=${COMP_WORDS[COMP_CWORD]} opt= cmd= i=1\n")
                .append("    COMPREPLY=()\n")
                .append("    # The option whose value this may be: bash splits --order=inode into --order, = and inode.\n")
                .append("    if [[ $cur == = ]]; then\n")
                .append("        opt=${COMP_WORDS[COMP_CWORD-1]} cur=\n")
                .append("    elif ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]]; then\n")
                .append("        opt=${COMP_WORDS[COMP_CWORD-2]}\n")
                .append("    elif ((COMP_CWORD > 0)); then\n")
                .append("        opt=${COMP_WORDS[COMP_CWORD-1]}\n")
                .append("    fi\n")
                .append("    # The command: the first word that names one, as dirdump takes it; option values are not.\n")
                .append("    while ((i < COMP_CWORD)); do\n")
                .append("        case ${COMP_WORDS[i]} in\n")
                .append("            ").append(String.join(" | ", words(Completions.subcommands(commands))))
                .append(") cmd=${COMP_WORDS[i]}; break ;;\n")
                .append("            ").append(String.join(" | ", words(Completions.namesTakingValues(commands))))
                .append(")\n")
                .append("                [[ ${COMP_WORDS[i+1]-} == = ]] && i=$((i + 1))\n")
                .append("                i=$((i + 1)) ;;\n")
                .append("        esac\n")
                .append("        i=$((i + 1))\n")
                .append("    done\n");
        List<String> commandLines = commands.stream().filter(c -> c.operands() == Operands.PATHS_THEN_COMMAND)
                .map(Command::name).toList();
        if (!commandLines.isEmpty()) {
            s.append("    # After \"--\": COMMAND and its ARGs.\n")
                    .append("    case $cmd in\n")
                    .append("        ").append(String.join(" | ", words(commandLines))).append(")\n")
                    .append("            while ((++i < COMP_CWORD)); do\n")
                    .append("                [[ ${COMP_WORDS[i]} == -- ]] && { _dirdump_command $((i + 1)); return; }\n")
                    .append("            done ;;\n")
                    .append("    esac\n");
        }
        s.append("    case $cmd:$opt in\n");
        for (Map.Entry<String, List<String>> e : valueActions(commands).entrySet()) {
            s.append("        ").append(String.join(" | ", e.getValue())).append(")\n")
                    .append("            ").append(e.getKey()).append(" ;;\n");
        }
        s.append("    esac\n");
        s.append("    if [[ $cur == -* ]]; then\n")
                .append("        case $cmd in\n");
        for (Command c : commands) {
            List<String> names = new ArrayList<>();
            c.options().forEach(o -> names.addAll(o.names()));
            s.append("            ").append(c.name().isEmpty() ? "''" : c.name()).append(") _dirdump_reply ")
                    .append(String.join(" ", words(names))).append(" ;;\n");
        }
        s.append("        esac\n")
                .append("        return\n")
                .append("    fi\n")
                .append("    case $cmd in\n");
        List<String> namers = commands.stream().filter(c -> c.operands() == Operands.COMMAND_NAME).map(Command::name).toList();
        if (!namers.isEmpty()) {
            s.append("        ").append(String.join(" | ", words(namers))).append(") _dirdump_reply ")
                    .append(String.join(" ", words(Completions.subcommands(commands)))).append("; return ;;\n");
        }
        s.append("        # PATHs; before a command, the commands too.\n")
                .append("        '') _dirdump_reply ").append(String.join(" ", Completions.subcommands(commands))).append(" ;;\n")
                .append("    esac\n")
                .append("    _dirdump_files\n")
                .append("}\n\n")
                .append("complete -F _dirdump dirdump\n");
        return s.toString();
    }

    /**
     * For each way of completing a value, the "command:option" cases that take it (the same option
     * may take other words in another command: --method).
     */
    private static Map<String, List<String>> valueActions(List<Command> commands) {
        Map<String, List<String>> actions = new LinkedHashMap<>();
        for (Command c : commands) {
            for (Option o : c.options()) {
                String action;
                switch (o.value()) {
                    case WORDS:
                        action = "_dirdump_reply " + String.join(" ", words(o.words())) + "; return";
                        break;
                    case LIST:
                        action = "_dirdump_list " + String.join(" ", words(o.words())) + "; return";
                        break;
                    case FILE:
                        action = "_dirdump_files; return";
                        break;
                    case TYPED:
                        action = "return";  // a value of its own (a number, a size, a pattern): nothing to offer
                        break;
                    default:
                        continue;
                }
                for (String name : words(o.namesWithValue())) {
                    actions.computeIfAbsent(action, a -> new ArrayList<>()).add(c.name() + ":" + name);
                }
            }
        }
        return actions;
    }

    /** The words as they are, refused if any would need quoting in the script. */
    private static List<String> words(Iterable<String> words) {
        List<String> checked = new ArrayList<>();
        for (String w : words) {
            if (!WORD.matcher(w).matches()) {
                throw new IllegalArgumentException("not a plain word for the bash completion: " + w);
            }
            checked.add(w);
        }
        return checked;
    }
}
