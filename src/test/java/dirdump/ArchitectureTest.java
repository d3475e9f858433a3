package dirdump;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The package picture of docs/architecture.md as rules: the one place the layering is written; the
 * doc's import rule and the order of its picture's boxes are checked against {@link #LAYERS}.
 */
@AnalyzeClasses(packages = "dirdump", importOptions = ImportOption.DoNotIncludeTests.class)
final class ArchitectureTest {
    /**
     * Lowest first: a package imports only those of its own layer and of the layers before it.
     * "Main" is the root package (the entry point and what only the process uses); testdata is the
     * second tool (testdata-gen), on cli as Main is; build, the build's tools, is above both, as its
     * DocFileWriter writes the man pages of both.
     */
    static final List<List<String>> LAYERS = List.of(
            List.of("sys"), List.of("outcome"), List.of("scan"), List.of("order"),
            List.of("read", "cache", "lock", "bench"), List.of("run"), List.of("report"), List.of("cli"),
            List.of("Main", "testdata"), List.of("build"));

    private static final String DOC_FILE_WRITER = "dirdump.build.DocFileWriter";

    @ArchTest
    static final ArchRule layering = layerRules();

    @ArchTest
    static final ArchRule noCycles = slices().matching("dirdump.(*)..").should().beFreeOfCycles();

    /** testdata-gen is a command line of its own; DocFileWriter hands both command lines to cli.docs. */
    @ArchTest
    static final ArchRule picocliOnlyInCli = noClasses()
            .that().resideOutsideOfPackages("dirdump.cli..", "dirdump.testdata..")
            .and().doNotHaveFullyQualifiedName(DOC_FILE_WRITER)
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
     * The build's own tools (run by Maven on the jar), but the man-page writer above both tools: they
     * import no other dirdump package. That nothing imports build is the layering's.
     */
    @ArchTest
    static final ArchRule buildApart = noClasses().that().resideInAPackage("dirdump.build..")
            .and().doNotHaveFullyQualifiedName(DOC_FILE_WRITER)
            .should().dependOnClassesThat(resideInAPackage("dirdump..").and(resideOutsideOfPackage("dirdump.build..")));

    /** It makes testdata-gen's trees, in testdata-gen's sources; in sys only because it binds libc. */
    @ArchTest
    static final ArchRule treeCreatorOnlyForTestdata = noClasses()
            .that().resideOutsideOfPackages("dirdump.testdata..", "dirdump.sys..")
            .should().dependOnClassesThat().haveFullyQualifiedName("dirdump.sys.TreeCreator");

    @Test
    void theDocSaysTheSameOrder() throws IOException {
        String rule = "`" + chain() + "`";
        assertTrue(Files.readString(Path.of("docs/architecture.md")).contains(rule),
                "docs/architecture.md should give the import rule as " + rule);
    }

    /**
     * The picture's boxes, top down: a box is a line that starts with one space and a package's name;
     * each of LAYERS once, the higher layers first.
     */
    @Test
    void thePictureDrawsTheLayersInOrder() throws IOException {
        String doc = Files.readString(Path.of("docs/architecture.md"));
        int from = doc.indexOf("```", doc.indexOf("## Packages")) + 3;
        Matcher box = Pattern.compile("(?m)^ ([A-Za-z]+)(?: |$)").matcher(doc.substring(from, doc.indexOf("```", from)));
        List<String> drawn = new ArrayList<>();
        while (box.find()) {
            drawn.add(box.group(1));
        }
        List<String> topDown = new ArrayList<>();
        for (int i = LAYERS.size() - 1; i >= 0; i--) {
            topDown.addAll(LAYERS.get(i));
        }
        assertEquals(topDown, drawn, "the boxes of docs/architecture.md's picture, top down: LAYERS from the last");
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
}
