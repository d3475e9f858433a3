package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.testing.ByPath;
import dirdump.testing.DirdumpRun;
import dirdump.testing.Trees;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** dirdump order: the read order on stdout, nothing read. */
class OrderCommandTest {
    @TempDir
    Path tmp;

    /** Splits NUL-terminated output into names, as xargs -0 does. */
    private static Set<ByteBuffer> nulSeparated(byte[] out) {
        Set<ByteBuffer> names = new HashSet<>();
        int start = 0;
        for (int i = 0; i < out.length; i++) {
            if (out[i] == 0) {
                names.add(ByteBuffer.wrap(out, start, i - start).slice());
                start = i + 1;
            }
        }
        assertEquals(out.length, start, "every name ends with a NUL");
        return names;
    }

    @Test
    void nulTerminatedOutputRoundTripsEveryNameAsItsBytes() throws Exception {
        Trees.randomTree(tmp, 50, 100, 3);
        Files.write(tmp.resolve("line\nbreak"), new byte[10]);
        Files.write(tmp.resolve("tab\there back\\slash"), new byte[20]);
        Files.write(tmp.resolve("with space"), new byte[5]);
        assertEquals(0, Trees.sh(tmp, "mkdir \"$(printf 'dir\\377')\" && printf 12 > \"$(printf 'dir\\377/bad\\200name')\""));
        // find's NUL-separated list of the same files: the reference a script would compare against.
        Path list = tmp.resolveSibling(tmp.getFileName() + ".list");
        assertEquals(0, Trees.sh(tmp, "find '" + tmp + "' -type f -print0 > '" + list + "'"));
        Set<ByteBuffer> expected = nulSeparated(Files.readAllBytes(list));
        Files.delete(list);

        DirdumpRun run = DirdumpRun.of("order", "-0", tmp);
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.err());
        assertEquals(54, expected.size());
        assertEquals(expected, nulSeparated(run.outBytes()));
    }

    @Test
    void oneLinePerFileWithNamesEscapedAsInMessages() throws Exception {
        Files.write(tmp.resolve("line\nbreak"), new byte[10]);
        Files.write(tmp.resolve("plain"), new byte[10]);
        assertEquals(0, Trees.sh(tmp, "printf 12 > \"$(printf 'bad\\377')\""));
        List<String> lines = DirdumpRun.of("order", tmp).outLines();
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.contains(tmp + "/line\\nbreak"), lines.toString());
        assertTrue(lines.contains(tmp + "/bad\\xff"), lines.toString());
        assertTrue(lines.contains(tmp + "/plain"), lines.toString());
    }

    @Test
    void theOrderPrintedIsTheOrderARunReads() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 200, 20_000, 4);
        Trees.sync(files);
        for (String order : new String[] {"auto", "physical", "inode", "none", "name"}) {
            assertEquals(DirdumpRun.of("--force", "-j", 1, "-v", "--order=" + order, tmp).readOrder(),
                    DirdumpRun.of("order", "--order=" + order, tmp).outLines(), order);
        }
        assertEquals(DirdumpRun.of("order", "--order=none", tmp).out(), DirdumpRun.of("order", "--nosort", tmp).out());
    }

    @Test
    void formatPrintsInodeSizeDeviceAndFirstPhysicalByte() throws Exception {
        List<Path> files = Trees.randomTree(tmp, 20, 9000, 5);
        Trees.sync(files);
        Path empty = Files.createFile(tmp.resolve("empty"));
        String device = Trees.shOutput(tmp, "stat -c %Hd:%Ld .").trim();
        List<String> lines = DirdumpRun.of("order", "--format", "%i|%s|%d|%o|%p|100%%", tmp).outLines();
        assertEquals(21, lines.size());
        for (String line : lines) {
            String[] f = line.split("\\|");
            Path p = Path.of(f[4]);
            assertEquals(Trees.inode(p), Long.parseLong(f[0]), line);
            assertEquals(Files.size(p), Long.parseLong(f[1]), line);
            assertEquals(device, f[2], line);
            assertTrue(p.equals(empty) ? f[3].equals("-") : f[3].matches("\\d+"), "an empty file has no block: " + line);
            assertEquals("100%", f[5]);
        }
    }

    @Test
    void anUnknownFieldIsAUsageError() {
        DirdumpRun run = DirdumpRun.of("order", "--format", "%p %z", tmp);
        assertEquals(2, run.status());
        assertTrue(run.err().contains("%z is not a field"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void statsCompareTheSeekDistanceWithDirectoryOrder() throws Exception {
        Trees.sync(Trees.randomTree(tmp, 300, 20_000, 6));
        double[] physical = seek(DirdumpRun.of("order", "--stats", "--order=physical", tmp));
        assertTrue(physical[0] <= physical[1], "physical order seeks no farther than directory order");
        double[] none = seek(DirdumpRun.of("order", "--stats", "--order=none", tmp));
        assertEquals(none[1], none[0], "directory order compared with itself");
        assertEquals(physical[1], none[1]);
    }

    private static double[] seek(DirdumpRun run) {
        assertEquals(0, run.status(), run.err());
        Matcher m = Pattern.compile("seek distance: ([\\d,.]+) MiB in this order, ([\\d,.]+) MiB in directory order "
                + "\\(300 of 300 files located\\)").matcher(run.errUnwrapped());
        assertTrue(m.find(), run.err());
        return new double[] {Double.parseDouble(m.group(1).replace(",", "")), Double.parseDouble(m.group(2).replace(",", ""))};
    }

    @Test
    void walkOptionsApplyAndAMissingPathExitsTwo() throws Exception {
        Trees.file(tmp.resolve("top"), 1, 1);
        Trees.file(tmp.resolve("a/deep"), 1, 1);
        assertEquals(List.of(tmp + "/top"), DirdumpRun.of("order", "--max-depth", "1", tmp).outLines());
        DirdumpRun missing = DirdumpRun.of("order", tmp.resolve("missing"), tmp);
        assertEquals(2, missing.status());
        assertEquals(2, missing.outLines().size());
        assertTrue(missing.err().contains("No such file or directory"), missing.err());
        assertEquals(2, DirdumpRun.of("order").status(), "PATH is required");
        DirdumpRun before = DirdumpRun.of(tmp, "order", tmp);
        assertEquals(2, before.status(), "a PATH before 'order' would be ignored");
        assertTrue(before.err().contains("PATHs go after 'order'"), before.err());
    }

    @Test
    void nothingIsReadIntoTheCache() throws Exception {
        Path f = Trees.file(tmp.resolve("f"), 1 << 20, 1);
        Trees.sync(List.of(f));
        Os os = Os.load(warning -> { });
        try (OpenFile file = ByPath.open(os, f)) {
            file.dontNeed();
            assertEquals(1, DirdumpRun.of("order", "--format", "%p %s %o", tmp).outLines().size());
            assertEquals(0, file.mincore(0, 1 << 20).residentPages(), "order opens files to locate them, never reads them");
        }
    }

    @Test
    void aListBeforeOrderIsItsList() throws Exception {
        Path a = Trees.file(tmp.resolve("a"), 1, 1);
        Path b = Trees.file(tmp.resolve("b"), 1, 1);
        byte[] list = (a + "\0" + b + "\0").getBytes(StandardCharsets.UTF_8);
        DirdumpRun run = DirdumpRun.withInput(list, "--files-from", "-", "-0", "--order", "name", "order");
        assertEquals(0, run.status(), run.err());
        assertEquals(list.length, run.outBytes().length, "-0 before 'order' is order's -0");
        assertEquals(Set.of(ByteBuffer.wrap(a.toString().getBytes(StandardCharsets.UTF_8)), ByteBuffer.wrap(b.toString().getBytes(StandardCharsets.UTF_8))),
                nulSeparated(run.outBytes()));
    }

    @Test
    void theDeviceLineNamesEachPathOnTheDevice() throws Exception {
        Path a = tmp.resolve("first");
        Path b = tmp.resolve("second-path");
        Trees.randomTree(a, 3, 1000, 1);
        Trees.randomTree(b, 3, 1000, 2);
        DirdumpRun run = DirdumpRun.of("order", "--stats", a, b);
        assertEquals(0, run.status(), run.err());
        List<String> devices = run.err().lines().filter(l -> l.startsWith("  device ")).toList();
        assertEquals(1, devices.size(), run.err());
        assertTrue(devices.get(0).contains(", " + a + ", " + b + "): order "), devices.get(0));
    }

    @Test
    void jsonIsOneRecordOfTheSchemaInPlaceOfTheList() throws Exception {
        Trees.randomTree(tmp, 12, 5000, 6);
        Files.createSymbolicLink(tmp.resolve("link"), tmp.resolve("nowhere"));
        DirdumpRun run = DirdumpRun.of("order", "--json", tmp);
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.err());
        assertEquals(1, run.out().lines().count(), run.out());
        var o = run.summary();  // validated against the schema
        assertEquals("order", o.get("command").getAsString());
        assertEquals(12, o.get("files").getAsLong());
        assertEquals(1, o.getAsJsonObject("skipped").get("symlink").getAsLong());
        assertEquals(12, o.getAsJsonArray("devices").get(0).getAsJsonObject().get("files").getAsLong());
        assertEquals(false, o.getAsJsonObject("settings").get("stats").getAsBoolean());
        assertTrue(o.getAsJsonObject("seconds").has("locating"));
        assertEquals(0, o.get("exit_status").getAsInt());
        assertTrue(!o.has("seek_distance_mib"), "only with --stats");

        DirdumpRun stats = DirdumpRun.of("--json", "order", "--stats", "--order", "physical", tmp);
        assertEquals(0, stats.status(), stats.err());
        assertEquals("", stats.err(), "the figures are in the record, not on stderr");
        assertEquals(12, stats.summary().getAsJsonObject("seek_distance_mib").get("files").getAsLong());

        DirdumpRun missing = DirdumpRun.of("order", "--json", tmp.resolve("missing"));
        assertEquals(2, missing.status());
        assertEquals(1, missing.summary().get("unusable_paths").getAsLong());

        DirdumpRun format = DirdumpRun.of("order", "--json", "--format", "%s", tmp);
        assertEquals(2, format.status());
        assertTrue(format.err().startsWith("dirdump: --json prints no list: --format does not go with it\n"), format.err());
    }
}
