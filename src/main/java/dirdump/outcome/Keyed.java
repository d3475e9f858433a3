package dirdump.outcome;

import java.util.Locale;

/** An enum whose values are written in lower case: as option values, in summaries and in JSON. */
public interface Keyed {
    String name();

    default String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
