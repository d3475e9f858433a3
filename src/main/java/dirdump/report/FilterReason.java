package dirdump.report;

/**
 * Why an entry was left out on purpose, by an option: counted apart from what is skipped. The key
 * names the count in --json.
 */
public enum FilterReason {
    PATTERN("pattern", "--include/--exclude"),
    SIZE("size", "--min-size/--max-size");

    public final String key;
    public final String text;

    FilterReason(String key, String text) {
        this.key = key;
        this.text = text;
    }
}
