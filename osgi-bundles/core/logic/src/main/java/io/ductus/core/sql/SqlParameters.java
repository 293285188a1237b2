package io.ductus.core.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Interface code writes parameters as {@code $1, $2} (the same on every database, and a parameter may
 * be used twice) or as JDBC's {@code ?}; the database destination also by name, {@code :name}, bound from
 * the keys of an object. JDBC binds only {@code ?} by position, so numbered and named ones are rewritten,
 * outside quoted text, quoted names and comments, with the values put in the order they are used.
 *
 * @param sql    the statement with {@code ?} placeholders
 * @param values the value for each placeholder, in order
 */
public record SqlParameters(String sql, List<Object> values) {

    public SqlParameters {
        values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
    }

    /** @throws IllegalArgumentException naming the problem: a {@code $n} without a value, or both styles at once */
    public static SqlParameters bind(String sql, List<Object> given) {
        StringBuilder out = new StringBuilder(sql.length());
        List<Object> values = new ArrayList<>();
        boolean numbered = false;
        int questionMarks = 0;
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int skipTo = skipQuotedOrComment(sql, i);
            if (skipTo > i) {
                out.append(sql, i, skipTo);
                i = skipTo;
            } else if (c == '$' && i + 1 < sql.length() && Character.isDigit(sql.charAt(i + 1)) && !partOfWord(sql, i)) {
                int end = i + 1;
                while (end < sql.length() && Character.isDigit(sql.charAt(end))) end++;
                int n = Integer.parseInt(sql.substring(i + 1, Math.min(end, i + 6)));
                if (n < 1 || n > given.size()) {
                    throw new IllegalArgumentException("$" + n + " has no value: " + given.size() + " parameter" + (given.size() == 1 ? "" : "s") + " given");
                }
                values.add(given.get(n - 1));
                out.append('?');
                numbered = true;
                i = end;
            } else {
                if (c == '?') questionMarks++;
                out.append(c);
                i++;
            }
        }
        if (numbered && questionMarks > 0) throw new IllegalArgumentException("use either $1, $2 … or ?, not both");
        if (!numbered) {
            if (questionMarks != given.size()) {
                throw new IllegalArgumentException("the statement has " + questionMarks + " placeholder" + (questionMarks == 1 ? "" : "s")
                        + " but " + given.size() + " parameter" + (given.size() == 1 ? " was" : "s were") + " given");
            }
            values.addAll(given);
        }
        return new SqlParameters(out.toString(), values);
    }

    /**
     * Binds {@code :name} parameters from {@code given} by name ({@code [A-Za-z_][A-Za-z0-9_]*}). A {@code ::}
     * cast ({@code :doc::jsonb}) is not a parameter; keys the statement does not use are ignored.
     *
     * @throws IllegalArgumentException naming the parameter that has no value, or when the statement also has {@code ?} or {@code $n}
     */
    public static SqlParameters bindNamed(String sql, java.util.Map<String, ?> given) {
        StringBuilder out = new StringBuilder(sql.length());
        List<Object> values = new ArrayList<>();
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int skipTo = skipQuotedOrComment(sql, i);
            if (skipTo > i) {
                out.append(sql, i, skipTo);
                i = skipTo;
            } else if (c == ':' && nameStartsAt(sql, i + 1) && (i == 0 || sql.charAt(i - 1) != ':')) {
                int end = i + 1;
                while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) end++;
                String name = sql.substring(i + 1, end);
                if (!given.containsKey(name)) {
                    throw new IllegalArgumentException(":" + name + " has no value" + (given.isEmpty() ? ""
                            : " (the values are named " + String.join(", ", new java.util.TreeSet<>(given.keySet())) + ")"));
                }
                values.add(given.get(name));
                out.append('?');
                i = end;
            } else {
                if (c == '?' || (c == '$' && i + 1 < sql.length() && Character.isDigit(sql.charAt(i + 1)) && !partOfWord(sql, i))) {
                    throw new IllegalArgumentException("use either :name or $1, $2 … or ?, not both");
                }
                out.append(c);
                i++;
            }
        }
        return new SqlParameters(out.toString(), values);
    }

    /** The {@code :name} parameters a statement uses, in order of first use (empty when it has none). */
    public static List<String> namesIn(String sql) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        int i = 0;
        while (i < sql.length()) {
            int skipTo = skipQuotedOrComment(sql, i);
            if (skipTo > i) {
                i = skipTo;
            } else if (sql.charAt(i) == ':' && nameStartsAt(sql, i + 1) && (i == 0 || sql.charAt(i - 1) != ':')) {
                int end = i + 1;
                while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) end++;
                names.add(sql.substring(i + 1, end));
                i = end;
            } else {
                i++;
            }
        }
        return List.copyOf(names);
    }

    private static boolean nameStartsAt(String sql, int i) {
        return i < sql.length() && (Character.isLetter(sql.charAt(i)) || sql.charAt(i) == '_');
    }

    /** A {@code $} inside a name ({@code a$1}) or a dollar quote tag is not a parameter. */
    private static boolean partOfWord(String sql, int i) {
        return i > 0 && (Character.isLetterOrDigit(sql.charAt(i - 1)) || sql.charAt(i - 1) == '_' || sql.charAt(i - 1) == '$');
    }

    /** Where the quoted text, quoted name or comment starting at i ends (i itself when none starts there). */
    private static int skipQuotedOrComment(String sql, int i) {
        char c = sql.charAt(i);
        if (c == '\'' || c == '"' || c == '`') {
            int j = i + 1;
            while (j < sql.length()) {
                if (sql.charAt(j) == c) {
                    if (j + 1 < sql.length() && sql.charAt(j + 1) == c) {
                        j += 2; // doubled quote inside
                        continue;
                    }
                    return j + 1;
                }
                j++;
            }
            return sql.length();
        }
        if (c == '-' && sql.startsWith("--", i)) {
            int end = sql.indexOf('\n', i);
            return end < 0 ? sql.length() : end;
        }
        if (c == '/' && sql.startsWith("/*", i)) {
            int end = sql.indexOf("*/", i + 2);
            return end < 0 ? sql.length() : end + 2;
        }
        return i;
    }
}
