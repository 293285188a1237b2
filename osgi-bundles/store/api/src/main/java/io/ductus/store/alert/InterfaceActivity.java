package io.ductus.store.alert;

import java.util.Objects;

/**
 * When an interface was first watched by an engine, and when it last stored a message.
 *
 * @param lastReceived Unix ms, or null for never
 */
public record InterfaceActivity(String interfaceName, long watchedSince, Long lastReceived) {

    public InterfaceActivity {
        Objects.requireNonNull(interfaceName, "interfaceName");
    }
}
