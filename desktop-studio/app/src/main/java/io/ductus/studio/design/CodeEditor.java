package io.ductus.studio.design;

import io.ductus.client.model.FileProblem;
import io.ductus.studio.hl7.Hl7Node;
import io.ductus.studio.ui.Icons;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.model.StyleSpansBuilder;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The code editor (RichTextFX): JavaScript and YAML colours, line numbers, a problems gutter (a mark and the
 * message at the line of each syntax error or failed check, the line underlined), find and replace (Ctrl+F),
 * completion (Ctrl+Space) of the SDK's functions and of the sample's HL7 paths, and inserting a path at the
 * cursor. Binds to the draft's text two ways.
 */
public final class CodeEditor {

    private final CodeArea area = new CodeArea();
    private final BorderPane root = new BorderPane();
    private final HBox findBar;
    private final TextField find = new TextField();
    private final TextField replace = new TextField();
    private final Label findCount = new Label();
    private final ObservableList<FileProblem> problems;
    private final ObjectProperty<String> path;
    private final Supplier<Hl7Node> sample;
    private final ContextMenu completion = new ContextMenu();
    private boolean updating;

    public CodeEditor(StringProperty text, ObjectProperty<String> path, ObservableList<FileProblem> problems, Supplier<Hl7Node> sample) {
        this.problems = problems;
        this.path = path;
        this.sample = sample;
        area.setId("code-editor");
        area.getStyleClass().add("code-editor");
        area.replaceText(text.get());
        area.textProperty().addListener((o, a, t) -> {
            if (!updating) text.set(t);
            highlight();
        });
        text.addListener((o, a, t) -> {
            if (t.equals(area.getText())) return;
            updating = true;
            try {
                area.replaceText(t);
                area.moveTo(0);
                area.showParagraphAtTop(0);
                area.scrollXToPixel(0);
            } finally {
                updating = false;
            }
            highlight();
        });
        path.addListener((o, a, p) -> highlight());
        problems.addListener((ListChangeListener<FileProblem>) c -> gutter());
        gutter();
        highlight();

        find.setId("find");
        find.setPromptText("find");
        replace.setId("replace");
        replace.setPromptText("replace with");
        find.setOnAction(e -> findNext());
        find.textProperty().addListener((o, a, q) -> findCount.setText(q.isEmpty() ? "" : TextSearch.count(area.getText(), q) + " found"));
        findBar = new HBox(6, Icons.icon(Material2MZ.SEARCH), find, Icons.button("Next", Material2AL.ARROW_DOWNWARD, "find-next", this::findNext),
                replace, Icons.button("Replace all", Material2MZ.SWAP_HORIZ, "replace-all", this::replaceAll), findCount,
                Icons.iconButton(Material2AL.CLOSE, "Close (Esc)", "find-close", () -> showFind(false)));
        findBar.setAlignment(Pos.CENTER_LEFT);
        findBar.getStyleClass().add("toolbar-row");
        showFind(false);
        find.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE) showFind(false);
        });
        area.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN).match(e)) {
                showFind(true);
                e.consume();
            } else if (new KeyCodeCombination(KeyCode.SPACE, KeyCombination.SHORTCUT_DOWN).match(e)) {
                complete();
                e.consume();
            }
        });
        root.setTop(findBar);
        root.setCenter(new VirtualizedScrollPane<>(area));
    }

    public Node root() {
        return root;
    }

    public CodeArea area() {
        return area;
    }

    /** Puts text at the cursor (a path from the sample's tree) and gives the editor the focus. */
    public void insert(String code) {
        area.insertText(area.getCaretPosition(), code);
        area.requestFocus();
    }

    /** Moves the cursor to a line (from 1), a few lines of context above it, and gives the editor the focus. */
    public void showLine(int line) {
        int paragraph = Math.max(0, Math.min(line - 1, area.getParagraphs().size() - 1));
        area.moveTo(paragraph, 0);
        area.showParagraphAtTop(Math.max(0, paragraph - 3));
        area.requestFocus();
    }

    private void showFind(boolean show) {
        findBar.setVisible(show);
        findBar.setManaged(show);
        if (show) {
            if (!area.getSelectedText().isEmpty()) find.setText(area.getSelectedText());
            find.requestFocus();
        } else {
            area.requestFocus();
        }
    }

    private void findNext() {
        int at = TextSearch.next(area.getText(), find.getText(), area.getCaretPosition());
        if (at < 0) return;
        area.selectRange(at, at + find.getText().length());
        area.requestFollowCaret();
    }

    private void replaceAll() {
        area.replaceText(TextSearch.replaceAll(area.getText(), find.getText(), replace.getText()));
    }

    private void complete() {
        int caret = area.getCaretPosition();
        String prefix = Completions.prefix(area.getText(), caret);
        List<String> candidates = Completions.candidates(prefix, sample.get(), 40);
        completion.getItems().clear();
        for (String c : candidates) {
            MenuItem item = new MenuItem(c);
            item.setOnAction(e -> area.replaceText(caret - prefix.length(), caret, c));
            completion.getItems().add(item);
        }
        if (candidates.isEmpty()) return;
        area.getCaretBounds().ifPresent(b -> completion.show(area, b.getMinX(), b.getMaxY()));
    }

    private void gutter() {
        var numbers = LineNumberFactory.get(area);
        area.setParagraphGraphicFactory(line -> {
            Label mark = new Label(" ");
            mark.getStyleClass().add("problem-mark");
            mark.setMinWidth(14);
            List<FileProblem> here = problems.stream().filter(p -> p.line() == line + 1).toList();
            if (!here.isEmpty()) {
                mark.setText("●");
                mark.getStyleClass().add("has-problem");
                mark.setTooltip(new Tooltip(String.join("\n", here.stream().map(FileProblem::message).toList())));
            }
            HBox box = new HBox(mark, numbers.apply(line));
            box.setAlignment(Pos.CENTER_LEFT);
            return box;
        });
        for (int i = 0; i < area.getParagraphs().size(); i++) {
            int line = i + 1;
            boolean bad = problems.stream().anyMatch(p -> p.line() == line);
            area.setParagraphStyle(i, bad ? List.of("problem-line") : Collections.emptyList());
        }
    }

    private void highlight() {
        String text = area.getText();
        List<CodeHighlighting.Span> spans = CodeHighlighting.spans(path.get(), text);
        StyleSpansBuilder<Collection<String>> styles = new StyleSpansBuilder<>();
        int at = 0;
        for (CodeHighlighting.Span s : spans) {
            if (s.start() < at || s.end() > text.length()) continue;
            styles.add(Collections.emptyList(), s.start() - at);
            styles.add(List.of(s.styleClass()), s.end() - s.start());
            at = s.end();
        }
        styles.add(Collections.emptyList(), text.length() - at);
        if (!text.isEmpty()) area.setStyleSpans(0, styles.create());
        if (!problems.isEmpty()) gutter();
    }
}
