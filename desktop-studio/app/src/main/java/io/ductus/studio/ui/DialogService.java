package io.ductus.studio.ui;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The dialogs a view model may ask for, so that it never builds a control: confirmations with what will
 * happen, the reason the API asks for, where to save a file. The real one shows JavaFX dialogs; tests answer
 * with a script.
 */
public interface DialogService {

    /** Asks whether to go on; true when the user confirmed with {@code confirmLabel}. */
    boolean confirm(String title, String text, String confirmLabel);

    /** Asks for a text (a reason, a name); empty when cancelled or left blank. */
    Optional<String> askText(String title, String text, String prompt);

    /** Asks where to save a file; empty when cancelled. */
    Optional<Path> saveFile(String title, String suggestedName);

    /** Asks which file to open; empty when cancelled. */
    Optional<Path> openFile(String title);

    /** Shows a secret once (a new token's), with a way to copy it. */
    void showSecret(String title, String text, String secret);

    void showError(String title, String text);
}
