package dirdump.run;

import dirdump.read.FileRange;
import dirdump.read.IoPriority;
import dirdump.read.ReadMethod;

/**
 * How to read the selected files, as the command line resolved it. {@code jobs}: null for the
 * default for the disks; {@code range}, {@code maxBytes}, {@code ioPriority}, {@code replay}: null
 * when not given; {@code bwlimit}: 0 for none; {@code summarized}: a summary will be shown, so the
 * residency after the read is measured; {@code maxBytesAuto}: --max-bytes auto, the bound found when
 * the read starts ({@code maxBytes} null).
 */
public record ReadSettings(int bufferSize, Integer jobs, ReadMethod method, int prefetch, boolean force,
                           FileRange range, Long maxBytes, long bwlimit, IoPriority ioPriority,
                           boolean seekDistance, boolean summarized, Replay replay, boolean maxBytesAuto) {

    /** Every file read, also those cached already: as bench reads. */
    public ReadSettings forced() {
        return new ReadSettings(bufferSize, jobs, method, prefetch, true, range, maxBytes, bwlimit, ioPriority,
                seekDistance, summarized, replay, maxBytesAuto);
    }
}
