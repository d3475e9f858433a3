package dirdump.cache;

import java.util.Locale;

/** How residency is measured: {@code auto} takes cachestat where the kernel has it, else mincore. */
public enum ProbeMethod {
    AUTO, CACHESTAT, MINCORE;

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
