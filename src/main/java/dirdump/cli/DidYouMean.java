package dirdump.cli;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** The known word closest to a mistyped one ("--forse": --force), for usage errors. */
public final class DidYouMean {
    private DidYouMean() {
    }

    /**
     * The word of {@code known} fewest edits away from {@code word}, or null if none is near: at most 2
     * edits, and fewer than a third of the word's length, so that "-x" is not taken for "-q".
     */
    public static String closest(String word, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(word, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        return best != null && bestDistance <= 2 && bestDistance * 3 < word.length() ? best : null;
    }

    /**
     * The long options of {@code known} that {@code word} begins ("--ex": --exclude), in order, for a
     * word of "--" and at least one letter; empty if it begins none (or is one).
     */
    public static List<String> beginning(String word, Collection<String> known) {
        if (!word.startsWith("--") || word.length() < 3 || known.contains(word)) {
            return List.of();
        }
        return known.stream().filter(k -> k.startsWith(word)).sorted().collect(Collectors.toList());
    }

    /** "--a", "--a or --b", "--a, --b or --c": the words one of which was meant. */
    public static String either(List<String> words) {
        int last = words.size() - 1;
        return last == 0 ? words.get(0) : String.join(", ", words.subList(0, last)) + " or " + words.get(last);
    }

    /** Levenshtein distance, with a transposition of two neighbours ("stauts") counted as one edit. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
