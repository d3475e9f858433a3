package dirdump.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.LocationProvider;
import java.lang.reflect.InvocationTargetException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * The build's own tools (src/build/java, package dirdump.build), which Maven compiles into
 * target/build-classes, apart from the jar's classes: they are on no class path of the tests, so a
 * test loads them from there, on top of its own class path (they use the jar's classes).
 */
public final class BuildTools {
    /** Where the build compiles them (pom.xml, build.classes), before the tests run. */
    private static final Path CLASSES = Path.of(System.getProperty("user.dir"), "target/build-classes");

    private BuildTools() {
    }

    /** Runs {@code dirdump.build.TOOL}'s main with {@code args}, as the build does. */
    public static void run(String tool, String... args) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes().toUri().toURL()},
                BuildTools.class.getClassLoader())) {
            loader.loadClass("dirdump.build." + tool).getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    private static Path classes() {
        assertTrue(Files.isDirectory(CLASSES.resolve("dirdump/build")), CLASSES + " should hold the build's tools: mvn process-classes");
        return CLASSES;
    }

    /** For ArchUnit's {@code @AnalyzeClasses(locations = ...)}: the build's tools, where they are. */
    public static final class Classes implements LocationProvider {
        @Override
        public Set<Location> get(Class<?> testClass) {
            return Set.of(Location.of(classes()));
        }
    }
}
