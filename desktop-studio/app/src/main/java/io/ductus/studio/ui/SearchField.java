package io.ductus.studio.ui;

import atlantafx.base.controls.CustomTextField;
import javafx.scene.Cursor;
import javafx.scene.control.TextField;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** A search box: a magnifier on the left, a clear mark on the right while it holds text. */
public final class SearchField {

    private SearchField() {
    }

    public static TextField create() {
        CustomTextField field = new CustomTextField();
        field.setLeft(new FontIcon(Material2MZ.SEARCH));
        FontIcon clear = new FontIcon(Material2AL.CLEAR);
        clear.setCursor(Cursor.DEFAULT);
        clear.setOnMouseClicked(e -> field.clear());
        clear.visibleProperty().bind(field.textProperty().isNotEmpty());
        field.setRight(clear);
        return field;
    }
}
