package dirdump.cli.docs;

/** Text for a man page's troff source. */
final class Troff {
    private Troff() {
    }

    /**
     * Escapes text: backslashes, hyphens (a "-" would be a hyphen, not the minus of an option), and a
     * dot or quote at the start of a line, which troff would take for a request.
     */
    static String esc(String s) {
        StringBuilder out = new StringBuilder();
        for (String line : s.replace("\\", "\\e").replace("-", "\\-").split("\n", -1)) {
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append(line.startsWith(".") || line.startsWith("'") ? "\\&" : "").append(line);
        }
        return out.toString();
    }
}
