package io.ductus.studio.design;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import javafx.scene.Node;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/** A unified diff, read-only, its added and removed lines coloured. */
public final class DiffView {

    private final StyleClassedTextArea area = new StyleClassedTextArea();
    private final VirtualizedScrollPane<StyleClassedTextArea> root = new VirtualizedScrollPane<>(area);

    public DiffView(String id) {
        area.setId(id);
        area.setEditable(false);
        area.getStyleClass().addAll("raw-payload", "diff-view");
    }

    public Node root() {
        return root;
    }

    public void show(String diff) {
        String text = diff == null ? "" : diff;
        area.replaceText(text);
        if (text.isEmpty()) return;
        StyleSpansBuilder<Collection<String>> styles = new StyleSpansBuilder<>();
        int at = 0;
        for (DiffHighlighting.Span s : DiffHighlighting.spans(text)) {
            styles.add(Collections.emptyList(), s.start() - at);
            styles.add(List.of(s.styleClass()), s.end() - s.start());
            at = s.end();
        }
        styles.add(Collections.emptyList(), text.length() - at);
        area.setStyleSpans(0, styles.create());
    }

    public String text() {
        return area.getText();
    }
}
