package io.ductus.studio.design;

/** The editor's find and replace: the next match from a position (wrapping round), and replacing all. Pure. */
public final class TextSearch {

    private TextSearch() {
    }

    /** Where {@code query} next occurs at or after {@code from}, wrapping to the start; -1 when nowhere. */
    public static int next(String text, String query, int from) {
        if (query == null || query.isEmpty()) return -1;
        int at = text.indexOf(query, Math.max(0, Math.min(from, text.length())));
        return at >= 0 ? at : text.indexOf(query);
    }

    public static String replaceAll(String text, String query, String replacement) {
        if (query == null || query.isEmpty()) return text;
        return text.replace(query, replacement == null ? "" : replacement);
    }

    public static int count(String text, String query) {
        if (query == null || query.isEmpty()) return 0;
        int n = 0;
        for (int at = text.indexOf(query); at >= 0; at = text.indexOf(query, at + query.length())) n++;
        return n;
    }
}
