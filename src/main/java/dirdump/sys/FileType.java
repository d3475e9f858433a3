package dirdump.sys;

/** The kind of a directory entry, from d_type or from st_mode. */
public enum FileType {
    REGULAR, DIRECTORY, SYMLINK, FIFO, SOCKET, CHAR_DEVICE, BLOCK_DEVICE, UNKNOWN;

    private static final int S_IFMT = 0170000;

    /** Maps getdents64's d_type (DT_*); 0 (DT_UNKNOWN) means the file system did not say. */
    public static FileType fromDirentType(int dType) {
        switch (dType) {
            case 8: return REGULAR;
            case 4: return DIRECTORY;
            case 10: return SYMLINK;
            case 1: return FIFO;
            case 12: return SOCKET;
            case 2: return CHAR_DEVICE;
            case 6: return BLOCK_DEVICE;
            default: return UNKNOWN;
        }
    }

    public static FileType fromMode(int mode) {
        switch (mode & S_IFMT) {
            case 0100000: return REGULAR;
            case 0040000: return DIRECTORY;
            case 0120000: return SYMLINK;
            case 0010000: return FIFO;
            case 0140000: return SOCKET;
            case 0020000: return CHAR_DEVICE;
            case 0060000: return BLOCK_DEVICE;
            default: return UNKNOWN;
        }
    }
}
