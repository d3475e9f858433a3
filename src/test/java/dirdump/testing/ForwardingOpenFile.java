package dirdump.testing;

import dirdump.sys.Extent;
import dirdump.sys.OpenFile;
import dirdump.sys.ReadBuffer;
import dirdump.sys.Residency;
import dirdump.sys.Stat;
import dirdump.sys.SysException;

/**
 * An OpenFile that passes every call on to a real one, for a test to override the few it changes
 * between two phases (a file truncated or grown by its first read), as ForwardingOs does for Os.
 */
public class ForwardingOpenFile implements OpenFile {
    protected final OpenFile f;

    public ForwardingOpenFile(OpenFile f) {
        this.f = f;
    }

    @Override
    public int read(ReadBuffer buffer) throws SysException {
        return f.read(buffer);
    }

    @Override
    public int read(ReadBuffer buffer, long offset, int length) throws SysException {
        return f.read(buffer, offset, length);
    }

    @Override
    public Stat stat() throws SysException {
        return f.stat();
    }

    @Override
    public long nextData(long offset) throws SysException {
        return f.nextData(offset);
    }

    @Override
    public long nextHole(long offset) throws SysException {
        return f.nextHole(offset);
    }

    @Override
    public void willNeed(long offset, long length) throws SysException {
        f.willNeed(offset, length);
    }

    @Override
    public void noReadAhead() throws SysException {
        f.noReadAhead();
    }

    @Override
    public void dontNeed() throws SysException {
        f.dontNeed();
    }

    @Override
    public Residency cachestat(long offset, long length) throws SysException {
        return f.cachestat(offset, length);
    }

    @Override
    public Residency mincore(long offset, long length) throws SysException {
        return f.mincore(offset, length);
    }

    @Override
    public boolean mincoreIsTruthful() {
        return f.mincoreIsTruthful();
    }

    @Override
    public Extent firstExtent(boolean sync) throws SysException {
        return f.firstExtent(sync);
    }

    @Override
    public long fibmapFirstByte() throws SysException {
        return f.fibmapFirstByte();
    }

    @Override
    public int blockSize() throws SysException {
        return f.blockSize();
    }

    @Override
    public void close() {
        f.close();
    }
}
