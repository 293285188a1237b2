package io.ductus.studio.design;

import java.util.ArrayList;
import java.util.List;

/** The lines of a unified diff by kind, for colours: added (+), removed (-), hunk headers (@@), file headers. Pure. */
public final class DiffHighlighting {

    public record Span(int start, int end, String styleClass) {
    }

    private DiffHighlighting() {
    }

    public static List<Span> spans(String diff) {
        List<Span> spans = new ArrayList<>();
        int at = 0;
        for (String line : diff.split("\n", -1)) {
            String style = line.startsWith("+++") || line.startsWith("---") ? "diff-file"
                    : line.startsWith("+") ? "diff-added" : line.startsWith("-") ? "diff-removed" : line.startsWith("@@") ? "diff-hunk" : null;
            if (style != null && !line.isEmpty()) spans.add(new Span(at, at + line.length(), style));
            at += line.length() + 1;
        }
        return spans;
    }
}
