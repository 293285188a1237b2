package io.ductus.engine.api;

import java.util.regex.Pattern;

/**
 * What goes into a problem document's detail when it quotes an error from elsewhere (the database's words):
 * qualified class names taken out, so that no answer names the engine's or a library's classes.
 */
final class ProblemText {

    /** {@code org.sqlite.SQLiteException: } and the like: lower-case packages, then a class, and a colon after it. */
    private static final Pattern CLASS_NAME = Pattern.compile("\\b(?:[a-z_][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*(?::\\s*)?");

    private ProblemText() {
    }

    static String withoutClassNames(String text) {
        if (text == null) return "";
        return CLASS_NAME.matcher(text).replaceAll("").strip();
    }
}
