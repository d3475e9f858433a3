package dirdump;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static java.util.stream.Collectors.joining;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import dirdump.scan.FoundDirectories;
import dirdump.scan.FoundFiles;
import dirdump.scan.WalkResult;
import dirdump.sys.DeviceNumbers;
import dirdump.sys.PathNames;
import dirdump.sys.Residency;
import dirdump.testing.BuildTools;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.FileWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The package picture of docs/architecture.md as rules: the one place the layering is written; the
 * doc's import rule and the order of its picture's boxes are checked against {@link #LAYERS}.
 */
@AnalyzeClasses(packages = "dirdump", locations = BuildTools.Classes.class, importOptions = ImportOption.DoNotIncludeTests.class)
final class ArchitectureTest {
    /**
     * Lowest first: a package imports only those of its own layer and of the layers before it.
     * "Main" is the root package (the entry point and what only the process uses); testdata is the
     * second tool (testdata-gen), on cli as Main is; build, the build's tools (src/build/java, compiled
     * apart and not in the jar; imported from target/build-classes), is above both, as its
     * DocFileWriter writes the man pages of both. proc (the processes and threads dirdump starts, and
     * its own signals) needs only sys and outcome, and bench's --vs command is one.
     */
    static final List<List<String>> LAYERS = List.of(
            List.of("sys"), List.of("outcome"), List.of("proc"), List.of("scan"), List.of("order"),
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

    /**
     * dirdump's commands build their picocli model in code (cli.CommandSpecs): picocli reads an
     * annotation by reflection, through a dynamic proxy whose class it generates at run time, at every
     * start (docs/performance.md, "Start-up"). testdata-gen, not on dirdump's path, keeps its annotations.
     */
    @ArchTest
    static final ArchRule noPicocliAnnotationsInCli = noClasses()
            .that().resideInAPackage("dirdump.cli..")
            .should().dependOnClassesThat(DescribedPredicate.describe("are picocli's annotations",
                    c -> c.isAnnotation() && c.getPackageName().startsWith("picocli")))
            .as("no class of cli uses a picocli annotation (@Command, @Option, @Parameters, @Mixin, @ArgGroup, @Spec ...): "
                    + "each is read at every start through a dynamic proxy");

    @ArchTest
    static final ArchRule gsonOnlyInReport = noClasses()
            .that().resideOutsideOfPackage("dirdump.report..")
            .should().dependOnClassesThat().resideInAPackage("com.google.gson..");

    @ArchTest
    static final ArchRule libcOnlyInSys = noClasses()
            .that().resideOutsideOfPackage("dirdump.sys..")
            .should().dependOnClassesThat().resideInAnyPackage("jnr..", "com.kenai.jffi..", "java.lang.foreign..");

    /**
     * A process is started (ProcessBuilder, Runtime.exec, sys's posix_spawnp) only by run and proc, where
     * its signals are passed on and its end waited for; sys's own implementation of spawn excepted.
     */
    @ArchTest
    static final ArchRule onlyRunStartsProcesses = noClasses()
            .that().resideOutsideOfPackages("dirdump.run..", "dirdump.proc..")
            .should().callMethodWhere(startsAProcess());

    /**
     * The kernel's own files too: no class outside sys has a string constant (a literal, a constant of
     * another class, a concatenation's recipe) naming /proc or /sys or a file under them. ArchUnit does
     * not see constants, so each class file's constant pool is read.
     */
    @ArchTest
    static final ArchRule kernelFilesOnlyInSys = classes()
            .that().resideOutsideOfPackage("dirdump.sys..")
            .should(nameNoFileUnder(Pattern.compile("/(proc|sys)(/.*)?", Pattern.DOTALL)))
            .as("only sys reads /proc and /sys");

    /**
     * The build's own tools (run by Maven on the jar), but the man-page writer above both tools: they
     * import no other dirdump package. That nothing imports build is the layering's.
     */
    @ArchTest
    static final ArchRule buildApart = noClasses().that().resideInAPackage("dirdump.build..")
            .and().doNotHaveFullyQualifiedName(DOC_FILE_WRITER)
            .should().dependOnClassesThat(resideInAPackage("dirdump..").and(resideOutsideOfPackage("dirdump.build..")));

    /**
     * errno numbers are sys's: outside it no constant bears an errno's name (sys.Errno's, the one place
     * they are written; it and SysException.errno are package-private, so none is read from there), and
     * a failure is asked what it means (SysException.isGone, ...).
     */
    @ArchTest
    static final ArchRule errnoOnlyInSys = noFields()
            .that().areDeclaredInClassesThat().resideOutsideOfPackage("dirdump.sys..")
            .should().haveNameMatching(errnoNames())
            .as("no code outside sys defines an errno number (a field named as one of sys.Errno's)");

    /** It makes testdata-gen's trees, in testdata-gen's sources; in sys only because it binds libc. */
    @ArchTest
    static final ArchRule treeCreatorOnlyForTestdata = noClasses()
            .that().resideOutsideOfPackages("dirdump.testdata..", "dirdump.sys..")
            .should().dependOnClassesThat().haveFullyQualifiedName("dirdump.sys.TreeCreator");

    /**
     * An outcome is a value or a SysException, never an unchecked exception that carries control flow
     * between phases (scan.FileOpener's DirectoryUnusable did, issue 31); cli's OutputLost, which must
     * cross picocli, is the one there is.
     */
    @ArchTest
    static final ArchRule noUncheckedOutcomes = noClasses().that().doNotHaveFullyQualifiedName("dirdump.cli.OutputLost")
            .should().beAssignableTo(RuntimeException.class)
            .because("what happened is told as a value (or a SysException), not thrown past the callers between");

    /**
     * docs/architecture.md's walk-through of the read path names, in backticks, the classes in the order a
     * file meets them: each must be a class of src/main/java, and a member it names (Os.load,
     * FileSelection.Listing) a method or type of that class, so that the walk-through follows the code.
     */
    @Test
    void theReadPathWalkThroughNamesClassesThatExist() throws IOException {
        List<String> missing = new ArrayList<>();
        List<Class<?>> classes = readPathClasses(missing);
        assertTrue(classes.size() + missing.size() >= 30, "the walk-through names only " + classes);
        assertEquals(List.of(), missing, "named in docs/architecture.md's read path, not in src/main/java");
    }

    /**
     * No class the read path's walk-through names is built from more than five positional arguments
     * (issue 31): a constructor callers can reach (public or package-private; a record's canonical one
     * included) takes small named values instead, so that a call reads without counting commas.
     */
    @Test
    void theReadPathHasNoConstructorOfMoreThanFiveArguments() throws IOException {
        List<String> tooLong = new ArrayList<>();
        for (Class<?> c : readPathClasses(new ArrayList<>())) {
            for (java.lang.reflect.Constructor<?> k : c.getDeclaredConstructors()) {
                if (!Modifier.isPrivate(k.getModifiers()) && !Modifier.isProtected(k.getModifiers())
                        && !k.isSynthetic() && k.getParameterCount() > 5) {
                    tooLong.add(c.getName() + "(" + k.getParameterCount() + " arguments)");
                }
            }
        }
        assertEquals(List.of(), tooLong, "constructors of more than 5 arguments on the read path of docs/architecture.md");
    }

    /**
     * The classes docs/architecture.md's walk-through of the read path names, in backticks, in the order a
     * file meets them, each once (a member it names that is a type, as FileSelection.Listing, that type);
     * each name that is not a class of src/main/java, or a member not a method or type of it, goes to
     * {@code missing}.
     */
    private static List<Class<?>> readPathClasses(List<String> missing) throws IOException {
        String doc = Files.readString(Path.of("docs/architecture.md"));
        int from = doc.indexOf("## The read path, top to bottom");
        assertTrue(from >= 0, "docs/architecture.md has no section \"The read path, top to bottom\"");
        int to = doc.indexOf("\n## ", from + 1);
        Matcher named = Pattern.compile("`([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)((?:\\.[A-Za-z][A-Za-z0-9]*)*)`")
                .matcher(doc.substring(from, to < 0 ? doc.length() : to));
        List<Class<?>> classes = new ArrayList<>();
        while (named.find()) {
            String name = named.group(1);
            Class<?> c = mainClass(name);
            if (c == null) {
                missing.add(name);
                continue;
            }
            for (String member : named.group(2).isEmpty() ? new String[0] : named.group(2).substring(1).split("\\.")) {
                Class<?> nested = nestedOrNull(c, member);
                if (nested != null) {
                    c = nested;
                } else if (java.util.Arrays.stream(c.getDeclaredMethods()).noneMatch(m -> m.getName().equals(member))) {
                    missing.add(name + named.group(2));
                    break;
                }
            }
            if (!classes.contains(c)) {
                classes.add(c);
            }
        }
        return classes;
    }

    /** The class of src/main/java of that simple name, or null. */
    private static Class<?> mainClass(String simpleName) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            List<Path> found = files.filter(f -> f.getFileName().toString().equals(simpleName + ".java")).toList();
            if (found.size() != 1) {
                return null;
            }
            String binary = Path.of("src/main/java").relativize(found.get(0)).toString()
                    .replace(File.separatorChar, '.').replaceAll("\\.java$", "");
            return Class.forName(binary, false, ArchitectureTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return null;
        }
    }

    private static Class<?> nestedOrNull(Class<?> c, String simpleName) {
        for (Class<?> n : c.getDeclaredClasses()) {
            if (n.getSimpleName().equals(simpleName)) {
                return n;
            }
        }
        return null;
    }

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

    /** The names sys.Errno gives its numbers, as one pattern: "EPERM|ENOENT|...". */
    private static String errnoNames() {
        try {
            return Arrays.stream(Class.forName("dirdump.sys.Errno").getDeclaredFields())
                    .filter(f -> Modifier.isStatic(f.getModifiers())).map(Field::getName).collect(joining("|"));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DescribedPredicate<JavaMethodCall> startsAProcess() {
        return DescribedPredicate.describe("start a process (ProcessBuilder.start, Runtime.exec, sys's spawn)", call -> {
            JavaClass owner = call.getTargetOwner();
            String name = call.getName();
            return owner.isAssignableTo(ProcessBuilder.class) && (name.equals("start") || name.equals("startPipeline"))
                    || owner.isAssignableTo(Runtime.class) && name.equals("exec")
                    || owner.getPackageName().equals("dirdump.sys") && name.equals("spawn")
                            && !call.getOriginOwner().getPackageName().equals("dirdump.sys");
        });
    }

    private static ArchCondition<JavaClass> nameNoFileUnder(Pattern kernelFile) {
        return new ArchCondition<>("name no file under /proc or /sys") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                List<String> strings;
                try {
                    strings = stringConstants(c);
                } catch (IOException e) {
                    events.add(SimpleConditionEvent.violated(c, c.getName() + ": its class file cannot be read: " + e));
                    return;
                }
                for (String s : strings) {
                    if (kernelFile.matcher(s).matches()) {
                        events.add(SimpleConditionEvent.violated(c, c.getName() + " names \"" + s + "\""));
                    }
                }
            }
        };
    }

    /** The CONSTANT_String entries of the class file's constant pool (JVMS 4.4). */
    private static List<String> stringConstants(JavaClass c) throws IOException {
        try (InputStream file = c.getSource().orElseThrow(() -> new IOException("no source")).getUri().toURL()
                .openStream(); DataInputStream in = new DataInputStream(new BufferedInputStream(file))) {
            in.skipNBytes(8);  // magic, minor and major version
            int count = in.readUnsignedShort();
            String[] utf8 = new String[count];
            List<Integer> strings = new ArrayList<>();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8[i] = in.readUTF();  // its length, then modified UTF-8, as readUTF reads it
                    case 8 -> strings.add(in.readUnsignedShort());
                    case 7, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++;  // a long or a double takes two entries
                    }
                    default -> throw new IOException("constant pool tag " + tag + " at entry " + i);
                }
            }
            List<String> out = new ArrayList<>();
            strings.forEach(index -> out.add(utf8[index]));
            return out;
        }
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
     * scan, only what the walk found, none of what opens or stats a listed file; nor does it open a
     * file of its own by name (java.io's files, java.nio.file): it renders onto the stream it is given
     * (bench --plot's picture too), which the command opened as every name given is opened.
     */
    @ArchTest
    static final ArchRule reportDoesNoFileSystemCalls = CompositeArchRule.of(noClasses()
            .that().resideInAPackage("dirdump.report..")
            .should().dependOnClassesThat(resideInAPackage("dirdump.sys..")
                    .and(not(belongToAnyOf(Residency.class, DeviceNumbers.class, PathNames.class)))))
            .and(noClasses().that().resideInAPackage("dirdump.report..")
                    .should().dependOnClassesThat(resideInAPackage("dirdump.scan..")
                            .and(not(belongToAnyOf(WalkResult.class, FoundFiles.class, FoundDirectories.class)))))
            .and(noClasses().that().resideInAPackage("dirdump.report..")
                    .should().dependOnClassesThat(belongToAnyOf(File.class, FileInputStream.class,
                            FileOutputStream.class, FileReader.class, FileWriter.class, RandomAccessFile.class,
                            FileChannel.class).or(resideInAPackage("java.nio.file.."))));
}
