package dirdump.cli;

import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * picocli's message for a value an enum option does not take names the values as Java spells them
 * ("expected one of [NONE, NAME] (case-insensitive) but was 'nmae'"); users type them, and the help,
 * completions and summaries show them, in lower case: the message is given so, with the one meant.
 */
public final class EnumValues {
    private static final Pattern EXPECTED = Pattern.compile(
            "expected one of \\[([A-Z0-9_, ]*)\\] \\(case-insensitive\\) but was '(.*)'$");

    private EnumValues() {
    }

    /** {@code message} with the values in lower case, as they are typed; as it is if it names none. */
    public static String asTyped(String message) {
        Matcher m = EXPECTED.matcher(message);
        return !m.find() ? message : message.substring(0, m.start()) + "expected one of " + String.join(", ", values(m))
                + ", but was '" + m.group(2) + "'";
    }

    /** The value closest to the one given (see DidYouMean), or null. */
    public static String meant(String message) {
        Matcher m = EXPECTED.matcher(message);
        return m.find() ? DidYouMean.closest(m.group(2).toLowerCase(Locale.ROOT), values(m)) : null;
    }

    private static List<String> values(Matcher m) {
        return List.of(m.group(1).toLowerCase(Locale.ROOT).split(", "));
    }
}
