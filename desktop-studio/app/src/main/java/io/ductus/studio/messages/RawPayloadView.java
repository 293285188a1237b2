package io.ductus.studio.messages;

import io.ductus.studio.hl7.Hl7Highlighting;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import javafx.scene.Node;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.StyleClassedTextArea;
import org.fxmisc.richtext.model.StyleSpansBuilder;

/**
 * A payload as raw text (RichTextFX), with the HL7 delimiters and segment names highlighted. Segments end with
 * CR, which a text area does not break at: each CR is shown as a line break (one character for one, so the
 * highlight positions stay those of the payload).
 */
public final class RawPayloadView {

    private final StyleClassedTextArea area = new StyleClassedTextArea();
    private final VirtualizedScrollPane<StyleClassedTextArea> root = new VirtualizedScrollPane<>(area);

    public RawPayloadView(boolean editable) {
        area.setEditable(editable);
        area.setWrapText(false);
        area.getStyleClass().add("raw-payload");
    }

    public Node root() {
        return root;
    }

    public StyleClassedTextArea area() {
        return area;
    }

    public void show(String payload, List<Hl7Highlighting.Span> spans) {
        String shown = LineBreaks.forDisplay(payload);
        area.replaceText(shown);
        if (spans.isEmpty() || shown.isEmpty()) return;
        StyleSpansBuilder<Collection<String>> styles = new StyleSpansBuilder<>();
        int at = 0;
        for (Hl7Highlighting.Span s : spans) {
            if (s.start() < at || s.end() > shown.length()) continue;
            styles.add(Collections.emptyList(), s.start() - at);
            styles.add(List.of(s.styleClass()), s.end() - s.start());
            at = s.end();
        }
        styles.add(Collections.emptyList(), shown.length() - at);
        area.setStyleSpans(0, styles.create());
    }
}
