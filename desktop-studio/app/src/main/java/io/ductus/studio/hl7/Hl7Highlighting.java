package io.ductus.studio.hl7;

import java.util.ArrayList;
import java.util.List;

/**
 * Where the raw text's delimiters and segment names are, for highlighting: each span a style class
 * (hl7-segment, hl7-field-separator, hl7-component-separator, hl7-repetition-separator, hl7-subcomponent-separator,
 * hl7-escape) over [start, end). Pure: the separators come from the tree reader.
 */
public final class Hl7Highlighting {

    public record Span(int start, int end, String styleClass) {
    }

    private Hl7Highlighting() {
    }

    public static List<Span> spans(String text, Hl7TreeReader.Hl7Tree tree) {
        List<Span> spans = new ArrayList<>();
        boolean lineStart = true;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r' || c == '\n') {
                lineStart = true;
                continue;
            }
            if (lineStart && i + 3 <= text.length()) {
                spans.add(new Span(i, i + 3, "hl7-segment"));
                boolean header = text.startsWith("MSH", i) || text.startsWith("BHS", i) || text.startsWith("FHS", i);
                i += 2;
                lineStart = false;
                if (header && i + 1 < text.length()) {
                    // MSH-1 and MSH-2 are the separators themselves: one span for the lot
                    int end = text.indexOf(tree.field(), i + 2);
                    if (end < 0) end = text.length();
                    spans.add(new Span(i + 1, end, "hl7-encoding-characters"));
                    i = end - 1;
                }
                continue;
            }
            lineStart = false;
            String style = c == tree.field() ? "hl7-field-separator" : c == tree.component() ? "hl7-component-separator"
                    : c == tree.repetition() ? "hl7-repetition-separator" : c == tree.subcomponent() ? "hl7-subcomponent-separator"
                    : null;
            if (style != null) {
                spans.add(new Span(i, i + 1, style));
            } else if (c == tree.escape()) {
                int close = text.indexOf(tree.escape(), i + 1);
                int lineEnd = lineEnd(text, i);
                int end = close < 0 || close > lineEnd ? i + 1 : close + 1;
                spans.add(new Span(i, end, "hl7-escape"));
                i = end - 1;
            }
        }
        return spans;
    }

    private static int lineEnd(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            if (text.charAt(i) == '\r' || text.charAt(i) == '\n') return i;
        }
        return text.length();
    }
}
