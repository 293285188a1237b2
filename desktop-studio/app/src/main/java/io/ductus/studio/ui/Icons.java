package io.ductus.studio.ui;

import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/** Buttons with an Ikonli Material icon, the way every screen makes them. */
public final class Icons {

    private Icons() {
    }

    public static FontIcon icon(Ikon ikon) {
        return new FontIcon(ikon);
    }

    public static Button button(String text, Ikon ikon, String id, Runnable action) {
        Button b = new Button(text, icon(ikon));
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }

    public static Button iconButton(Ikon ikon, String tooltip, String id, Runnable action) {
        Button b = new Button(null, icon(ikon));
        b.getStyleClass().addAll("button-icon", "flat");
        b.setTooltip(new Tooltip(tooltip));
        b.setId(id);
        b.setOnAction(e -> action.run());
        return b;
    }
}
