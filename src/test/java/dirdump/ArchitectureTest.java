package dirdump;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.library.freeze.FreezingArchRule.freeze;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import dirdump.scan.FoundDirectories;
import dirdump.scan.FoundFiles;
import dirdump.scan.WalkResult;
import dirdump.sys.DeviceNumbers;
import dirdump.sys.PathNames;
import dirdump.sys.Residency;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The package picture of docs/architecture.md as rules: the one place the layering is written; the
 * doc's import rule is checked against {@link #LAYERS}.
 */
@AnalyzeClasses(packages = "dirdump", importOptions = ImportOption.DoNotIncludeTests.class)
final class ArchitectureTest {
    /**
     * Lowest first: a package imports only those of its own layer and of the layers before it.
     * "Main" is the root package (the entry point and what only the process uses); testdata is the
     * second tool (testdata-gen), on cli as Main is.
     */
    static final List<List<String>> LAYERS = List.of(
            List.of("sys"), List.of("outcome"), List.of("scan"), List.of("order"),
            List.of("read", "cache", "lock", "bench"), List.of("run"), List.of("report"), List.of("cli"),
            List.of("Main", "testdata"));

    /** Frozen: what it finds today is in src/test/resources/archunit_store, and only a new violation fails. */
    @ArchTest
    static final ArchRule layering = freeze(layerRules());

    /** Frozen, as layering. */
    @ArchTest
    static final ArchRule noCycles = freeze(slices().matching("dirdump.(*)..").should().beFreeOfCycles());

    /** testdata-gen is a command line of its own. */
    @ArchTest
    static final ArchRule picocliOnlyInCli = noClasses()
            .that().resideOutsideOfPackages("dirdump.cli..", "dirdump.testdata..")
            .should().dependOnClassesThat().resideInAPackage("picocli..");

    @ArchTest
    static final ArchRule gsonOnlyInReport = noClasses()
            .that().resideOutsideOfPackage("dirdump.report..")
            .should().dependOnClassesThat().resideInAPackage("com.google.gson..");

    @ArchTest
    static final ArchRule libcOnlyInSys = noClasses()
            .that().resideOutsideOfPackage("dirdump.sys..")
            .should().dependOnClassesThat().resideInAnyPackage("jnr..", "com.kenai.jffi..", "java.lang.foreign..");

    /**
     * The build's own tools (run by Maven on the jar), of which cli.docs (itself run by the build) uses
     * Gzip for the man pages: they import no other dirdump package.
     */
    @ArchTest
    static final ArchRule buildApart = CompositeArchRule.of(noClasses()
            .that().resideOutsideOfPackages("dirdump.build..", "dirdump.cli.docs..")
            .should().dependOnClassesThat().resideInAPackage("dirdump.build.."))
            .and(noClasses().that().resideInAPackage("dirdump.build..").should().dependOnClassesThat(
                    resideInAPackage("dirdump..").and(resideOutsideOfPackage("dirdump.build.."))));

    @Test
    void theDocSaysTheSameOrder() throws IOException {
        String rule = "`" + chain() + "`";
        assertTrue(Files.readString(Path.of("docs/architecture.md")).contains(rule),
                "docs/architecture.md should give the import rule as " + rule);
    }

    /** Each layer but the top one: it imports none of the layers after it. */
    private static ArchRule layerRules() {
        CompositeArchRule rules = null;
        for (int i = 0; i < LAYERS.size() - 1; i++) {
            String[] above = LAYERS.subList(i + 1, LAYERS.size()).stream().flatMap(List::stream)
                    .map(ArchitectureTest::pattern).toArray(String[]::new);
            ArchRule rule = noClasses().that().resideInAnyPackage(LAYERS.get(i).stream().map(ArchitectureTest::pattern)
                    .toArray(String[]::new)).should().dependOnClassesThat().resideInAnyPackage(above);
            rules = rules == null ? CompositeArchRule.of(rule) : rules.and(rule);
        }
        return rules.as("each package imports only those of its layer and of the layers before it: " + chain());
    }

    /** The layers as docs/architecture.md gives them. */
    private static String chain() {
        return LAYERS.stream().map(l -> String.join("/", l)).collect(joining(" <- "));
    }

    private static String pattern(String name) {
        return name.equals("Main") ? "dirdump" : "dirdump." + name + "..";
    }

    /**
     * Renderers only render: report asks nothing of the file system, the run hands it what it shows.
     * Of sys it takes values and their text only (a residency, a device number, a name's bytes); of
     * scan, only what the walk found, none of what opens or stats a listed file.
     */
    @ArchTest
    static final ArchRule reportDoesNoFileSystemCalls = CompositeArchRule.of(noClasses()
            .that().resideInAPackage("dirdump.report..")
            .should().dependOnClassesThat(resideInAPackage("dirdump.sys..")
                    .and(not(belongToAnyOf(Residency.class, DeviceNumbers.class, PathNames.class)))))
            .and(noClasses().that().resideInAPackage("dirdump.report..")
                    .should().dependOnClassesThat(resideInAPackage("dirdump.scan..")
                            .and(not(belongToAnyOf(WalkResult.class, FoundFiles.class, FoundDirectories.class)))));
}
