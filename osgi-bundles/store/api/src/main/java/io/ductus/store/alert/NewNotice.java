package io.ductus.store.alert;

import java.util.Objects;

/** A notice to put in the outbox for one channel; when it is due the store asks {@link AlertChangeSet#due()}. */
public record NewNotice(String channel, String kind, String severity, String state, String reason) {

    public NewNotice {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(severity, "severity");
    }

    public boolean recovery() {
        return kind.equals("recovered");
    }
}
