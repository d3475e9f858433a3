package dirdump.testdata;

/** The two standard sets; the sizes are the defaults (the original experiment's), the seed is --seed. */
enum Preset {
    /** The original experiment: 57,000 files in one directory. */
    FLAT(57_000, 1, 0),
    /** A larger tree: 200,000 files in 2,000 directories (OUT counted), up to 4 levels below OUT. */
    TREE(200_000, 2_000, 4);

    final int files;
    final int dirs;
    final int depth;

    Preset(int files, int dirs, int depth) {
        this.files = files;
        this.dirs = dirs;
        this.depth = depth;
    }
}
