package io.ductus.connector.listener;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Optional;

/**
 * Whether a listener takes a new connection: checked for each one as it is accepted, before any of its
 * bytes are read. {@link #maxConnections} and {@link #maxConnectionsPerAddress} are the engine's rules;
 * allow lists and the like are more.
 */
@FunctionalInterface
public interface Admission {

    /**
     * Why to refuse the connection (logged once a minute per sender and counted, and the connection closed),
     * or empty to take it.
     *
     * @param remote the sender's address
     * @param open   the listener's connections open now, this one not counted
     */
    Optional<Refusal> refuse(InetSocketAddress remote, Open open);

    /** The listener's connections open now. */
    interface Open {
        int total();

        /** Those from one address. */
        int from(InetAddress address);
    }

    /**
     * A refusal: its kind, a stable word for counting ({@code connections}, {@code connections_per_address}),
     * and the reason logged.
     */
    record Refusal(String kind, String reason) {
    }

    /** Refuses connections past {@code max}: the {@code max_connections} setting. */
    static Admission maxConnections(int max) {
        return (remote, open) -> open.total() >= max
                ? Optional.of(new Refusal("connections", "already " + max + " connections (max_connections)"))
                : Optional.empty();
    }

    /**
     * Refuses a sender's connections past {@code max}: the {@code max_connections_per_address} setting, so that
     * one sender (a scanner, a client that never closes) cannot take every connection of the listener.
     */
    static Admission maxConnectionsPerAddress(int max) {
        return (remote, open) -> open.from(remote.getAddress()) >= max
                ? Optional.of(new Refusal("connections_per_address", "already " + max + " connections from this address"
                        + " (max_connections_per_address)"))
                : Optional.empty();
    }
}
