package dirdump.read;

/**
 * A reader that takes, opens and checks its files itself. Beside other readers, a big file is shared:
 * its chunks are read by whichever reader comes next, before the next file is taken (see SharedFile).
 * {@code shared}: null if files are not shared (one reader, or WILLNEED).
 */
record OpeningReader(FileIntake intake, FileWarmer warmer, ReadLimits control, SharedFiles shared) implements Runnable {
    @Override
    public void run() {
        while (!control.stopped()) {
            SharedFile s = shared == null ? null : shared.first();
            if (s != null) {
                int c = s.claim();
                if (c < 0) {
                    shared.allTaken(s);
                } else if (warmer.readChunk(s, c)) {
                    control.fileDone();
                }
                continue;
            }
            FileToRead f = intake.next();
            if (f == null) {
                break;
            }
            if (shared != null && SharedFile.worthSharing(f)) {
                shared.add(new SharedFile(f));
                continue;
            }
            warmer.warm(f);
            control.fileDone();
        }
    }
}
