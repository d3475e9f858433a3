package dirdump.sys;

/**
 * An open directory: what names below it are opened relative to, so that a name swapped for a
 * symbolic link higher up cannot move them elsewhere. Its identity is the fstat taken as it opened.
 */
public interface Directory extends AutoCloseable {
    /** fstat of the open directory, taken when it was opened. */
    Stat stat();

    @Override
    void close();
}
