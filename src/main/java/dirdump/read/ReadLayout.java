package dirdump.read;

/** How a run's reading is laid out over threads. */
interface ReadLayout {
    /**
     * Reads the run's files until every one has been taken or the run stops, and waits for its threads
     * to end. The readers that read: 0 if the system would start none (the caller's thread then reads).
     */
    int read(ReadParts parts);
}
