package io.ductus.studio.design;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a file's keywords, strings, comments, numbers and (in YAML) keys are, for the editor's colours: each
 * span a style class over [start, end), in order, not overlapping. JavaScript for .js files, YAML for .yaml and
 * .yml, nothing for the rest. Pure.
 */
public final class CodeHighlighting {

    public record Span(int start, int end, String styleClass) {
    }

    private static final String[] KEYWORDS = {"await", "break", "case", "catch", "class", "const", "continue", "default", "delete", "do",
            "else", "export", "extends", "false", "finally", "for", "from", "function", "if", "import", "in", "instanceof", "let", "new",
            "null", "of", "return", "static", "switch", "this", "throw", "true", "try", "typeof", "undefined", "var", "void", "while", "yield"};

    private static final Pattern JS = Pattern.compile(
            "(?<comment>//[^\\n]*|/\\*(?s:.*?)(?:\\*/|\\z))"
                    + "|(?<string>\"(?:[^\"\\\\\\n]|\\\\.)*\"?|'(?:[^'\\\\\\n]|\\\\.)*'?|`(?:[^`\\\\]|\\\\.)*`?)"
                    + "|(?<keyword>\\b(?:" + String.join("|", KEYWORDS) + ")\\b)"
                    + "|(?<number>\\b\\d+(?:\\.\\d+)?\\b)");

    private static final Pattern YAML = Pattern.compile(
            "(?<comment>(?<=^|\\s)#[^\\n]*)"
                    + "|(?<key>(?m:^[ \\t-]*[A-Za-z0-9_.\\-]+(?=:(?:\\s|$))))"
                    + "|(?<string>\"(?:[^\"\\\\\\n]|\\\\.)*\"?|'[^'\\n]*'?)"
                    + "|(?<number>\\b\\d+(?:\\.\\d+)?[a-z]*\\b)", Pattern.MULTILINE);

    private CodeHighlighting() {
    }

    public static List<Span> spans(String path, String text) {
        if (path == null) return List.of();
        if (path.endsWith(".js") || path.endsWith(".mjs")) return spans(JS, text, "comment", "string", "keyword", "number");
        if (path.endsWith(".yaml") || path.endsWith(".yml")) return spans(YAML, text, "comment", "key", "string", "number");
        return List.of();
    }

    private static List<Span> spans(Pattern pattern, String text, String... groups) {
        List<Span> spans = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            for (String g : groups) {
                if (m.group(g) != null) {
                    int start = m.start(g);
                    if (g.equals("key")) start = start + (m.group(g).length() - m.group(g).stripLeading().replaceFirst("^-\\s*", "").length());
                    if (m.end(g) > start) spans.add(new Span(start, m.end(g), "code-" + g));
                    break;
                }
            }
        }
        return spans;
    }
}
