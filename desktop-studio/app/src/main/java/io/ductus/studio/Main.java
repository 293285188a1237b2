package io.ductus.studio;

import javafx.application.Application;

/** Starts the studio (a plain main, so the launcher needs no JavaFX module setup of its own). */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        Application.launch(StudioApp.class, args);
    }
}
