package dirdump.scan;

import dirdump.outcome.PathText;
import java.util.Arrays;
import java.util.BitSet;

/**
 * One --include or --exclude pattern, compiled once and matched against names as bytes (names need
 * not be UTF-8). {@code *} matches any bytes but '/', {@code **} any bytes including '/', and
 * {@code **}{@code /} also matches nothing, so that {@code a/**}{@code /b} matches {@code a/b};
 * {@code ?} one byte but '/'; {@code [abc]}, {@code [a-z]}, {@code [!a-z]} (or {@code [^a-z]}) one byte
 * of a set, never '/'; a backslash makes the next character literal.
 *
 * <p>Which part of a path it is matched against, as in rsync and gitignore: a pattern without a '/' is
 * matched against the name alone (the last component), at any depth; a pattern with a '/' against the
 * whole relative path (a leading '/' only says so). A trailing '/' matches directories only.
 *
 * <p>Matching is one dynamic-programming pass over the tokens and the bytes, O(tokens x bytes), with
 * no backtracking: no pattern can make it slow.
 */
public final class Glob {
    /** The kinds of token: a byte as given, ?, [set], *, ** and **{@code /}. */
    private static final byte LITERAL = 0, ONE = 1, SET = 2, STAR = 3, ANY = 4, DIRS = 5;

    /** The pattern as given, escaped for messages (PathText). */
    private final String text;
    private final boolean wholePath;
    private final boolean directoryOnly;
    private final byte[] kinds;
    private final byte[] literals;
    private final BitSet[] sets;

    /**
     * {@code pattern}: its bytes as given (a name's bytes need not be UTF-8, nor a pattern's).
     * @throws IllegalArgumentException for an empty pattern or a '[' without its ']'
     */
    public static Glob compile(byte[] pattern) {
        return new Glob(pattern);
    }

    private Glob(byte[] p) {
        this.text = PathText.of(p);
        int end = p.length;
        while (end > 0 && p[end - 1] == '/') {
            end--;
        }
        directoryOnly = end < p.length;
        int start = end > 0 && p[0] == '/' ? 1 : 0;
        if (start >= end) {
            throw new IllegalArgumentException("'" + text + "': an empty pattern");
        }
        boolean whole = start == 1;
        for (int i = start; i < end; i++) {
            whole |= p[i] == '/';
        }
        wholePath = whole;
        int n = 0;
        byte[] kind = new byte[end - start];
        byte[] literal = new byte[end - start];
        BitSet[] set = new BitSet[end - start];
        for (int i = start; i < end; i++, n++) {
            byte c = p[i];
            if (c == '\\' && i + 1 < end) {
                kind[n] = LITERAL;
                literal[n] = p[++i];
            } else if (c == '?') {
                kind[n] = ONE;
            } else if (c == '*' && i + 1 < end && p[i + 1] == '*') {
                while (i + 1 < end && p[i + 1] == '*') {
                    i++;
                }
                boolean dirs = i + 1 < end && p[i + 1] == '/';
                kind[n] = dirs ? DIRS : ANY;
                i += dirs ? 1 : 0;
            } else if (c == '*') {
                kind[n] = STAR;
            } else if (c == '[') {
                set[n] = new BitSet(256);
                i = parseSet(p, i + 1, end, set[n], text);
                kind[n] = SET;
            } else {
                kind[n] = LITERAL;
                literal[n] = c;
            }
        }
        this.kinds = Arrays.copyOf(kind, n);
        this.literals = Arrays.copyOf(literal, n);
        this.sets = Arrays.copyOf(set, n);
    }

    /** Fills {@code set} from the class starting at {@code i} (after '['); returns the index of its ']'. */
    private static int parseSet(byte[] p, int i, int end, BitSet set, String text) {
        boolean negate = i < end && (p[i] == '!' || p[i] == '^');
        int first = negate ? i + 1 : i;
        int j = first;
        // A ']' right after '[' or '[!' is a member, as in sh and fnmatch.
        while (j < end && (p[j] != ']' || j == first)) {
            int lo = p[j] & 0xff;
            if (j + 2 < end && p[j + 1] == '-' && p[j + 2] != ']') {
                int hi = p[j + 2] & 0xff;
                if (lo <= hi) {  // a reversed range matches nothing, as in fnmatch
                    set.set(lo, hi + 1);
                }
                j += 3;
            } else {
                set.set(lo);
                j++;
            }
        }
        if (j >= end) {
            throw new IllegalArgumentException("'" + text + "': '[' without its ']'");
        }
        if (negate) {
            set.flip(0, 256);
        }
        set.clear('/');
        return j;
    }

    /** The pattern as given, escaped for messages. */
    @Override
    public String toString() {
        return text;
    }

    /** A pattern that ended with '/': it matches directories only. */
    public boolean directoryOnly() {
        return directoryOnly;
    }

    /** A pattern with a '/' matches the whole relative path; others the name alone. */
    public boolean wholePath() {
        return wholePath;
    }

    /** Matches {@code path}, whose last component starts at {@code nameStart}. */
    public boolean matches(byte[] path, int nameStart) {
        return matches(path, wholePath ? 0 : nameStart, path.length);
    }

    /**
     * row[p] says whether tokens t.. match s[from + p, to); it is computed for t = last down to 0 in
     * place, p descending, keeping the previous row's value at p + 1 in {@code after}.
     */
    private boolean matches(byte[] s, int from, int to) {
        int len = to - from;
        boolean[] row = new boolean[len + 1];
        row[len] = true;
        for (int t = kinds.length - 1; t >= 0; t--) {
            boolean after = false;
            boolean dirs = false;
            boolean any = false;
            for (int p = len; p >= 0; p--) {
                boolean old = row[p];
                boolean more = p < len;
                byte c = more ? s[from + p] : 0;
                boolean v;
                switch (kinds[t]) {
                    case LITERAL:
                        v = more && c == literals[t] && after;
                        break;
                    case ONE:
                        v = more && c != '/' && after;
                        break;
                    case SET:
                        v = more && sets[t].get(c & 0xff) && after;
                        break;
                    case STAR:
                        v = old || (more && c != '/' && row[p + 1]);
                        break;
                    case ANY:
                        v = old || (more && row[p + 1]);
                        break;
                    default:  // DIRS: nothing, or anything that ends with '/'
                        dirs |= more && c == '/' && after;
                        v = old || dirs;
                }
                after = old;
                row[p] = v;
                any |= v;
            }
            if (!any) {
                return false;
            }
        }
        return row[0];
    }
}
