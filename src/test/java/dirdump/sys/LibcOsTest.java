package dirdump.sys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dirdump.testing.AsUser;
import dirdump.testing.ByPath;
import dirdump.testing.PageCache;
import dirdump.testing.Trees;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The native calls against what the kernel says through other means: struct layouts and constants. */
class LibcOsTest {
    @TempDir
    Path tmp;

    private final Os os = LibcOs.create();

    private Path syncedFile(String name, int size) throws Exception {
        Path f = tmp.resolve(name);
        Files.write(f, new byte[size]);
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
            c.force(true);
        }
        return f;
    }

    private OpenFile open(Path f) throws SysException {
        return ByPath.open(os, f);
    }

    @Test
    void statAgreesWithJavaNio() throws Exception {
        Path f = syncedFile("f", 12345);
        Stat st = os.stat(PathNames.bytes(f.toString()));
        assertEquals(Files.getAttribute(f, "unix:ino"), st.ino);
        assertEquals(Files.getAttribute(f, "unix:dev"), st.dev);
        assertEquals(12345, st.size);
        assertEquals(FileType.REGULAR, st.type());
    }

    @Test
    void cachestatAndMincoreAgreeBeforeAndAfterEviction() throws Exception {
        Path f = syncedFile("cached", 40 * 4096 + 1);
        PageCache.retryIfDropped(() -> {
            try (OpenFile file = open(f)) {
                file.dontNeed();
                assertEquals(0, file.cachestat(0, 40 * 4096 + 1).residentPages());
                assertEquals(0, file.mincore(0, 40 * 4096 + 1).residentPages());
                ReadBuffer buffer = os.allocate(1 << 16);
                while (file.read(buffer) > 0) {
                    // read it all into the cache
                }
                Residency r = file.cachestat(0, 40 * 4096 + 1);
                assertEquals(41, r.totalPages());
                assertEquals(41, r.residentPages());
                assertEquals(41 * 4096, r.residentBytes());
                assertTrue(r.allResident());
                assertEquals(41, file.mincore(0, 40 * 4096 + 1).residentPages());
                assertTrue(file.mincoreIsTruthful());
                assertEquals(10, file.cachestat(0, 10 * 4096).residentPages(), "only the range asked for");
            }
        });
    }

    /**
     * preadv2(RWF_NOWAIT) copies only pages cached and up to date, and never waits for a read. It is not
     * free of I/O on Linux 6.18: at the first page not cached it starts that page's read-ahead, which
     * this fast virtual disk may finish before the call looks again, so the call may also copy those
     * pages, never fewer than the cached ones (hence CachedReads reads only ranges that cachestat found
     * cached).
     */
    @Test
    void readCachedReadsOnlyWhatTheCacheHolds() throws Exception {
        Path f = syncedFile("nowait", 16 * 4096);
        PageCache.retryIfDropped(() -> {
            try (OpenFile file = open(f)) {
                ReadBuffer buffer = os.allocate(1 << 20);
                file.dontNeed();
                assertEquals(-1, file.readCached(buffer, 0, buffer.capacity()), "nothing cached: EAGAIN");
                PageCache.cacheOnly(f, 0, 8 * 4096);
                int copied = file.readCached(buffer, 0, buffer.capacity());
                assertTrue(copied >= 8 * 4096 && copied % 4096 == 0 && copied <= 16 * 4096,
                        "the cached pages, and at most what a read-ahead started at the first one not cached brought: " + copied);
                assertEquals(0, file.readCached(buffer, 16 * 4096, 10), "0 at the end of the file");
            }
        });
    }

    /** Why residency can be unknown: the kernel's rule (Linux 5.2+ for mincore) seen on this machine. */
    @Test
    void forAFileNeitherOwnedNorWritableMincoreLiesAndCachestatRefuses() throws Exception {
        assumeTrue(AsUser.isRoot(), "needs a file owned by another user; only root can make one");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path f = syncedFile("theirs", 8 * 4096);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        try (OpenFile file = open(f)) {
            file.dontNeed();
            assertEquals(0, file.cachestat(0, 8 * 4096).residentPages());
        }
        AsUser.nobody(() -> {
            try (OpenFile file = open(f)) {
                assertFalse(file.mincoreIsTruthful());
                assertEquals(8, file.mincore(0, 8 * 4096).residentPages(), "mincore claims every page");
                SysException refused = assertThrows(SysException.class, () -> file.cachestat(0, 8 * 4096));
                assertTrue(refused.isNotPermitted(), refused.getMessage());
            }
            return null;
        });
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-rw-rw-"));
        AsUser.nobody(() -> {
            try (OpenFile file = open(f)) {
                assertTrue(file.mincoreIsTruthful(), "write access is enough");
                assertEquals(0, file.mincore(0, 8 * 4096).residentPages());
                assertEquals(0, file.cachestat(0, 8 * 4096).residentPages());
            }
            return null;
        });
    }

    @Test
    void fiemapFindsTheFirstExtentAndFibmapAgreesAsRoot() throws Exception {
        Path f = syncedFile("placed", 64 * 1024);
        try (OpenFile file = open(f)) {
            Extent e = file.firstExtent(false);
            assertNotNull(e);
            assertTrue(e.physical() > 0, "physical byte " + e.physical());
            assertEquals(0, e.logical());
            assertFalse(e.elsewhere(), "written at once, in one place: " + e);
            assumeTrue(AsUser.isRoot(), "FIBMAP needs CAP_SYS_RAWIO");
            assertEquals(e.physical(), file.fibmapFirstByte());
        }
        try (OpenFile empty = open(syncedFile("empty", 0))) {
            assertNull(empty.firstExtent(false), "an empty file has no extent");
        }
    }

    @Test
    void fiemapTellsAFileWhoseBytesLieInMoreThanOnePlace() throws Exception {
        // 4 KiB, a hole of a MiB, 4 KiB: two extents, the second not where the first ends.
        Path f = tmp.resolve("pieces");
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            c.write(ByteBuffer.wrap(new byte[4096]), 0);
            c.write(ByteBuffer.wrap(new byte[4096]), 1 << 20);
            c.force(true);
        }
        try (OpenFile file = open(f)) {
            Extent e = file.firstExtent(false);
            assertNotNull(e);
            assertEquals(4096, e.length());
            assertTrue(e.elsewhere(), "the second extent is elsewhere: " + e);
        }
    }

    @Test
    void blockSizeIsTheFileSystemsAsStatShowsIt() throws Exception {
        Path f = syncedFile("sized", 10);
        String fundamental = Trees.shOutput(tmp, "stat -f -c %S .").trim();
        try (OpenFile file = open(f)) {
            assertEquals(Integer.parseInt(fundamental), file.blockSize());
        }
    }

    @Test
    void deviceNumbersAreTheMajorAndMinorStatShows() throws Exception {
        Stat st = os.stat(PathNames.bytes(tmp.toString()));
        assertEquals(Trees.shOutput(tmp, "stat -c %Hd:%Ld .").trim(), DeviceNumbers.text(st.dev));
        long big = DeviceNumbers.makedev(4095 + 4096, 255 + 256 * 3);
        assertEquals(4095 + 4096, DeviceNumbers.major(big));
        assertEquals(255 + 256 * 3, DeviceNumbers.minor(big));
    }

    @Test
    void fileSystemTypeIsTheStatfsMagic() throws Exception {
        long tmpfs = 0x01021994;
        long type;
        try (Directory dir = os.openPath(PathNames.bytes(tmp.toString()), false)) {
            type = os.fileSystemType(dir);
        }
        assertEquals(Long.parseLong(Trees.shOutput(tmp, "stat -f -c %t .").trim(), 16), type);
        if (Files.isDirectory(Path.of("/dev/shm"))) {
            try (Directory shm = os.openPath(PathNames.bytes("/dev/shm"), false)) {
                assertEquals(tmpfs, os.fileSystemType(shm));
            }
        }
    }

    /** The file system -v and --json name (file_system) where df -T says ext4; ext2, 3 and 4 share one magic. */
    @Test
    void aDirectoryOnExt4IsNamedExt4() throws Exception {
        assumeTrue(Trees.shOutput(tmp, "df --output=fstype . | tail -n 1").trim().equals("ext4"),
                "the temporary directory is not on ext4 (df -T)");
        try (Directory dir = os.openPath(PathNames.bytes(tmp.toString()), false)) {
            long type = os.fileSystemType(dir);
            assertEquals(0xEF53, type);
            assertEquals("ext4", FileSystems.name(type));
        }
    }
}
