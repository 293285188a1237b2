package io.ductus.studio.ui;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/** A screen's title: large, bold, and never shortened when the toolbar beside it runs out of room. */
public final class Titles {

    private Titles() {
    }

    public static Label screen(String text) {
        Label title = new Label(text);
        title.getStyleClass().add("screen-title");
        title.setMinWidth(Region.USE_PREF_SIZE);
        return title;
    }
}
