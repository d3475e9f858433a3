package dirdump.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A column of the status table, named as fincore(1) names its own (RES, PAGES, SIZE, FILE), plus
 * PERCENT. {@code width}: the aligned width of a number column, enough for a 1 PiB file.
 */
public enum StatusColumn {
    RES("file data resident in the page cache, in bytes"),
    PAGES("file data resident in the page cache, in pages"),
    SIZE("size of the file"),
    PERCENT("resident pages of the file's pages, rounded down to 0.1"),
    FILE("file name");

    /** fincore's default columns. */
    public static final List<StatusColumn> DEFAULT = List.of(RES, PAGES, SIZE, FILE);

    public final String description;

    StatusColumn(String description) {
        this.description = description;
    }

    /** "RES,FILE" (any case) as columns; an unknown name is an IllegalArgumentException naming it. */
    public static List<StatusColumn> parse(String list) {
        List<StatusColumn> columns = new ArrayList<>();
        for (String name : list.split(",", -1)) {
            try {
                columns.add(valueOf(name.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown column '" + name + "' (columns: RES, PAGES, SIZE, PERCENT, FILE)");
            }
        }
        return columns;
    }
}
