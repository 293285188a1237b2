package io.ductus.connector.listener;

import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * Whether a listener takes a new connection: checked for each one as it is accepted, before any of its
 * bytes are read. {@link #maxConnections} is the first rule; per-sender limits and the like are more.
 */
@FunctionalInterface
public interface Admission {

    /**
     * The reason to refuse the connection (logged, and the connection closed), or empty to take it.
     *
     * @param remote the sender's address
     * @param open   the listener's connections open now, this one not counted
     */
    Optional<String> refuse(InetSocketAddress remote, int open);

    /** Refuses connections past {@code max}: the {@code max_connections} setting. */
    static Admission maxConnections(int max) {
        return (remote, open) -> open >= max
                ? Optional.of("already " + max + " connections (max_connections)")
                : Optional.empty();
    }
}
