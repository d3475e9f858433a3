package dirdump.bench;

/** One way of reading the files that bench times: a dirdump read, or an outside command. */
public interface Variant {
    /** The command line, as the results show it: {@code dirdump --nosort -j1}, {@code vmtouch -t DIR}. */
    String label();

    /** {@code dirdump} (run in bench's own process) or {@code command} (run through sh -c). */
    String kind();

    /** Runs once; the caller has emptied (or warmed) the cache. */
    RunOutcome run();

    /** What a dirdump read resolved its options to, known after its first run; null for a command. */
    default VariantSettings settings() {
        return null;
    }
}
