package dirdump.cli.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Writes the man pages and the shell completions from the command definitions, so that they cannot
 * drift from --help. Run by the build: {@code DocFileWriter OUTDIR} makes OUTDIR/man/dirdump.1 and a page for
 * each subcommand (dirdump-status.1, ...), OUTDIR/completion/dirdump.bash and OUTDIR/completion/_dirdump
 * (zsh). The same sources give the same bytes.
 */
public final class DocFileWriter {
    private DocFileWriter() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        CommandLine cli = dirdump.Main.commandLine(System.in, System.out, System.err);
        Files.createDirectories(out.resolve("man"));
        for (Map.Entry<String, String> page : ManPage.pages(cli).entrySet()) {
            Files.writeString(out.resolve("man").resolve(page.getKey()), page.getValue());
        }
        List<Completions.Command> commands = Completions.of(cli);
        Files.createDirectories(out.resolve("completion"));
        Files.writeString(out.resolve("completion/dirdump.bash"), BashCompletion.script(commands));
        Files.writeString(out.resolve("completion/_dirdump"), ZshCompletion.script(commands));
    }
}
