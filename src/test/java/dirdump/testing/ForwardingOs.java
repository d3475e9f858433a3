package dirdump.testing;

import dirdump.sys.Directory;
import dirdump.sys.EntrySink;
import dirdump.sys.OpenFile;
import dirdump.sys.Os;
import dirdump.sys.ReadBuffer;
import dirdump.sys.SmallFile;
import dirdump.sys.Stat;
import dirdump.sys.SysException;
import java.io.InputStream;

/**
 * The real system calls, passed on one by one: a test overrides the call it needs to watch or to act
 * between (a name swapped after a listing, an entry type erased), and everything else is the kernel's.
 */
public class ForwardingOs implements Os {
    protected final Os real;

    public ForwardingOs(Os real) {
        this.real = real;
    }

    @Override
    public String description() {
        return real.description();
    }

    @Override
    public Stat stat(byte[] path) throws SysException {
        return real.stat(path);
    }

    @Override
    public Directory openPath(byte[] path, boolean toList) throws SysException {
        return real.openPath(path, toList);
    }

    @Override
    public Directory openDirectory(Directory parent, byte[] name, boolean follow) throws SysException {
        return real.openDirectory(parent, name, follow);
    }

    @Override
    public Directory openBeneath(Directory base, byte[] path) throws SysException {
        return real.openBeneath(base, path);
    }

    @Override
    public boolean opensSafelyIn(Directory dir) {
        return real.opensSafelyIn(dir);
    }

    @Override
    public void list(Directory dir, EntrySink sink) throws SysException {
        real.list(dir, sink);
    }

    @Override
    public void listAgain(Directory dir, EntrySink sink) throws SysException {
        real.listAgain(dir, sink);
    }

    @Override
    public Stat stat(Directory dir, byte[] name, boolean follow) throws SysException {
        return real.stat(dir, name, follow);
    }

    @Override
    public OpenFile open(Directory dir, byte[] name, boolean follow) throws SysException {
        return real.open(dir, name, follow);
    }

    @Override
    public long fileSystemType(Directory dir) throws SysException {
        return real.fileSystemType(dir);
    }

    @Override
    public long fileSystemType(Directory dir, byte[] name, boolean follow) throws SysException {
        return real.fileSystemType(dir, name, follow);
    }

    @Override
    public InputStream openInput(byte[] path) throws SysException {
        return real.openInput(path);
    }

    @Override
    public long descriptorLimit() {
        return real.descriptorLimit();
    }

    @Override
    public ReadBuffer allocate(int capacity) {
        return real.allocate(capacity);
    }

    @Override
    public void sync() throws SysException {
        real.sync();
    }

    @Override
    public SmallFile createFile(Directory dir, byte[] name, byte[] content) throws SysException {
        return real.createFile(dir, name, content);
    }

    @Override
    public SmallFile readSmallFile(Directory dir, byte[] name, int max) throws SysException {
        return real.readSmallFile(dir, name, max);
    }

    @Override
    public boolean removeIfSame(Directory dir, byte[] name, Stat expected) throws SysException {
        return real.removeIfSame(dir, name, expected);
    }
}
