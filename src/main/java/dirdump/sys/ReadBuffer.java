package dirdump.sys;

/** A buffer in native memory, allocated once per reader and reused for every file. */
public interface ReadBuffer {
    int capacity();
}
