package dirdump.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Each man page the build made says each thing once: no two of its paragraphs (text, items, code
 * blocks) open with the same six words, and no sentence of eight words or more is written twice
 * outside its examples of output. What --help's description says, docs/man/NAME.md does not say
 * again, and an option is told once, in OPTIONS.
 */
class ManPageRepeatsTest {
    private static final Path MAN = Path.of(System.getProperty("user.dir"), "target/man");
    private static final int OPENING_WORDS = 6;
    private static final int SENTENCE_WORDS = 8;

    /** A page's paragraphs as plain text, each marked whether it is a block of code or output (.nf). */
    private record Paragraph(String text, boolean code) {
    }

    private static List<Paragraph> paragraphs(String page) {
        List<Paragraph> paragraphs = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        boolean code = false;
        for (String line : page.split("\n")) {
            if (line.startsWith(".")) {
                if (!text.isEmpty()) {
                    paragraphs.add(new Paragraph(plain(text.toString()), code));
                    text.setLength(0);
                }
                code = line.startsWith(".nf") || code && !line.startsWith(".fi");
            } else {
                text.append(' ').append(line);
            }
        }
        if (!text.isEmpty()) {
            paragraphs.add(new Paragraph(plain(text.toString()), code));
        }
        return paragraphs;
    }

    /** Troff's escapes out, spaces as one. */
    private static String plain(String troff) {
        return String.join(" ", troff.replaceAll("\\\\f[BIRP]", "").replace("\\-", "-").replace("\\e", "\\")
                .strip().split("\\s+"));
    }

    /** Each repetition on {@code page}: an opening shared by two paragraphs, a sentence written twice. */
    static List<String> repeats(String page) {
        List<String> found = new ArrayList<>();
        Map<String, String> openings = new HashMap<>();
        Map<String, Integer> sentences = new HashMap<>();
        for (Paragraph p : paragraphs(page)) {
            String[] words = p.text().split(" ");
            if (words.length >= OPENING_WORDS) {
                String opening = String.join(" ", List.of(words).subList(0, OPENING_WORDS));
                String before = openings.putIfAbsent(opening, p.text());
                if (before != null) {
                    found.add("two paragraphs open with '" + opening + "': '" + before + "' and '" + p.text() + "'");
                }
            }
            if (!p.code()) {
                for (String sentence : p.text().split("(?<=[.;:!?]) ")) {
                    if (sentence.split(" ").length >= SENTENCE_WORDS && sentences.merge(sentence, 1, Integer::sum) == 2) {
                        found.add("written twice: '" + sentence + "'");
                    }
                }
            }
        }
        return found;
    }

    @Test
    void noPageSaysAThingTwice() throws Exception {
        List<Path> pages;
        try (Stream<Path> all = Files.list(MAN)) {
            pages = all.filter(p -> p.toString().endsWith(".1")).sorted().toList();
        }
        assertTrue(pages.size() >= 8, "the build makes the pages before the tests: " + pages);
        Map<String, List<String>> repeated = new HashMap<>();
        for (Path page : pages) {
            List<String> found = repeats(Files.readString(page));
            if (!found.isEmpty()) {
                repeated.put(page.getFileName().toString(), found);
            }
        }
        assertEquals(Map.of(), repeated);
    }

    @Test
    void aRepeatedParagraphOrSentenceIsFound() {
        String page = ".SH DESCRIPTION\nReads every regular file under each PATH to its end, in disk order.\n.PP\n"
                + "Reads every regular file under each PATH to its end.\n.PP\nFirst. The run is stopped by any one "
                + "of these signals.\n.SH SIGNALS\nSo. The run is stopped by any one of these signals.\n";
        assertEquals(2, repeats(page).size(), repeats(page).toString());
        assertEquals(List.of(), repeats(".nf\nthe same line of output, twice over here\n.fi\n.PP\nthe same line of "
                + "output, twice over here, as a paragraph\n").stream().filter(r -> r.startsWith("written")).toList());
    }
}
