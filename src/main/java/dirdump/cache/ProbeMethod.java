package dirdump.cache;

import dirdump.outcome.Keyed;

/** How residency is measured: {@code auto} takes cachestat where the kernel has it, else mincore. */
public enum ProbeMethod implements Keyed {
    AUTO, CACHESTAT, MINCORE;
}
