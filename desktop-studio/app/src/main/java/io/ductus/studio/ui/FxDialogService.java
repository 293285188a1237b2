package io.ductus.studio.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextInputDialog;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The dialogs as JavaFX shows them, owned by the window that asks (so they open over it). */
public final class FxDialogService implements DialogService {

    private final Window owner;

    public FxDialogService(Window owner) {
        this.owner = owner;
    }

    @Override
    public boolean confirm(String title, String text, String confirmLabel) {
        ButtonType go = new ButtonType(confirmLabel, ButtonBar.ButtonData.OK_DONE);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, text, go, ButtonType.CANCEL);
        prepare(alert, title);
        return alert.showAndWait().filter(go::equals).isPresent();
    }

    @Override
    public Optional<String> askText(String title, String text, String prompt) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.setHeaderText(text);
        dialog.getEditor().setPromptText(prompt);
        dialog.getEditor().setId("dialog-text");
        dialog.setTitle(title);
        if (owner != null) dialog.initOwner(owner);
        return dialog.showAndWait().map(String::strip).filter(s -> !s.isEmpty());
    }

    @Override
    public Optional<Path> saveFile(String title, String suggestedName) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.setInitialFileName(suggestedName);
        File file = chooser.showSaveDialog(owner);
        return Optional.ofNullable(file).map(File::toPath);
    }

    @Override
    public Optional<Path> openFile(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        File file = chooser.showOpenDialog(owner);
        return Optional.ofNullable(file).map(File::toPath);
    }

    @Override
    public void showSecret(String title, String text, String secret) {
        TextArea field = new TextArea(secret);
        field.setEditable(false);
        field.setPrefRowCount(2);
        field.setWrapText(true);
        ButtonType copy = new ButtonType("Copy and close", ButtonBar.ButtonData.OK_DONE);
        Alert alert = new Alert(Alert.AlertType.INFORMATION, null, copy);
        alert.getDialogPane().setContent(new VBox(8, new Label(text), field));
        prepare(alert, title);
        alert.showAndWait().filter(copy::equals).ifPresent(b -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(secret);
            Clipboard.getSystemClipboard().setContent(content);
        });
    }

    @Override
    public void showError(String title, String text) {
        Alert alert = new Alert(Alert.AlertType.ERROR, text, ButtonType.CLOSE);
        prepare(alert, title);
        alert.showAndWait();
    }

    private void prepare(Alert alert, String title) {
        alert.setTitle(title);
        alert.setHeaderText(title);
        if (owner != null) alert.initOwner(owner);
    }
}
