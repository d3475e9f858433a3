package dirdump.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A column of the status table, named as fincore(1) names its own (RES, PAGES, SIZE, FILE) and
 * counted as it counts them (a sparse file's holes included), plus PERCENT and the DATA_ columns, which
 * count a sparse file's data only (what a read warms). {@code header}: the name at the top of the table.
 */
public enum StatusColumn {
    RES("RES", "pages of the file in the page cache, in bytes (as fincore)"),
    PAGES("PAGES", "pages of the file in the page cache (as fincore)"),
    SIZE("SIZE", "size of the file"),
    PERCENT("%", "resident pages of the file's size in pages, rounded down to 0.1"),
    DATA_RES("DATA_RES", "pages of the file's data in the page cache, in bytes (holes left out)"),
    DATA_PAGES("DATA_PAGES", "pages of the file's data in the page cache (holes left out)"),
    DATA_SIZE("DATA_SIZE", "the file's data (holes left out), in whole pages"),
    DATA_PERCENT("%DATA", "resident pages of the file's data pages, rounded down to 0.1"),
    FILE("FILE", "file name");

    /** fincore's default columns. */
    public static final List<StatusColumn> DEFAULT = List.of(RES, PAGES, SIZE, FILE);

    public final String header;
    public final String description;

    StatusColumn(String header, String description) {
        this.header = header;
        this.description = description;
    }

    /** "RES,FILE" (any case) as columns; an unknown name is an IllegalArgumentException naming it. */
    public static List<StatusColumn> parse(String list) {
        List<StatusColumn> columns = new ArrayList<>();
        for (String name : list.split(",", -1)) {
            try {
                columns.add(valueOf(name.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown column '" + name + "' (columns: RES, PAGES, SIZE, PERCENT, "
                        + "DATA_RES, DATA_PAGES, DATA_SIZE, DATA_PERCENT, FILE)");
            }
        }
        return columns;
    }
}
