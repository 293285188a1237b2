package io.ductus.studio.ui;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.scene.Scene;

/** The look: AtlantaFX's Primer light or dark, the studio's own styles on top, and the font size (which scales everything). */
public final class Theme {

    private static final String STUDIO_CSS = Theme.class.getResource("/io/ductus/studio/studio.css").toExternalForm();

    private Theme() {
    }

    public static void apply(String theme) {
        Application.setUserAgentStylesheet("dark".equals(theme) ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
    }

    /** The studio's styles and the font size on a scene (every size in the stylesheets is in em). */
    public static void style(Scene scene, double fontSize) {
        if (!scene.getStylesheets().contains(STUDIO_CSS)) scene.getStylesheets().add(STUDIO_CSS);
        scene.getRoot().setStyle("-fx-font-size: " + fontSize + "px;");
    }
}
