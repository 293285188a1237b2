package io.ductus.store.alert;

import java.util.Objects;

/** A history line to write with a change. */
public record NewEvent(String what, String detail, String actor) {

    public NewEvent {
        Objects.requireNonNull(what, "what");
    }
}
