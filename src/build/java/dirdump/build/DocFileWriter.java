package dirdump.build;

import dirdump.cli.CommandLines;
import dirdump.cli.docs.BashCompletion;
import dirdump.cli.docs.Completions;
import dirdump.cli.docs.ExitStatusTable;
import dirdump.cli.docs.ManPage;
import dirdump.cli.docs.ZshCompletion;
import dirdump.testdata.TestdataGen;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Writes the man pages, the shell completions and the exit-status table from the command definitions,
 * so that they cannot drift from --help. Run by the build: {@code DocFileWriter OUTDIR DOCS} makes
 * OUTDIR/man/dirdump.1, a page for each subcommand (dirdump-status.1, ...) and testdata-gen.1, each
 * with its hand-written sections from DOCS/man/NAME.md, and beside each its NAME.1.gz, which is
 * installed; OUTDIR/completion/dirdump.bash and
 * OUTDIR/completion/_dirdump (zsh); and OUTDIR/doc/exit-status.md, of which DOCS/exit-status.md is a
 * copy. The same sources give the same bytes. It sits above both tools, as the build does: each gives
 * its own command line (cli's {@link CommandLines}, testdata's {@link TestdataGen}), and cli.docs
 * renders them, so neither tool imports the other.
 */
public final class DocFileWriter {
    private DocFileWriter() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        Path docs = Path.of(args[1]);
        CommandLine cli = CommandLines.commandLine(System.in, System.out, System.err);
        PrintStream nowhere = new PrintStream(PrintStream.nullOutputStream());
        CommandLine testdataGen = TestdataGen.commandLine(nowhere, nowhere, false);
        Files.createDirectories(out.resolve("man"));
        for (Map.Entry<String, String> page : ManPage.pages(cli, List.of(testdataGen), name -> sections(docs, name)).entrySet()) {
            Files.writeString(out.resolve("man").resolve(page.getKey()), page.getValue());
            // What is installed: Debian's policy wants man pages compressed, and man reads them either way.
            Gzip.write(page.getValue().getBytes(StandardCharsets.UTF_8), out.resolve("man").resolve(page.getKey() + ".gz"));
        }
        List<Completions.Command> commands = Completions.of(cli);
        Files.createDirectories(out.resolve("completion"));
        Files.writeString(out.resolve("completion/dirdump.bash"), BashCompletion.script(commands));
        Files.writeString(out.resolve("completion/_dirdump"), ZshCompletion.script(commands));
        Files.createDirectories(out.resolve("doc"));
        Files.writeString(out.resolve("doc/exit-status.md"), ExitStatusTable.markdown());
    }

    /** docs/man/NAME.md, which every page has. */
    private static String sections(Path docs, String name) {
        try {
            return Files.readString(docs.resolve("man").resolve(name + ".md"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
