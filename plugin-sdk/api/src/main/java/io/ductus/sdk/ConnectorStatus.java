package io.ductus.sdk;

/** A connector's health as it reports it through {@link ConnectorContext#statusChanged}. */
public enum ConnectorStatus {
    /** Working normally. */
    OK,
    /** Working, but something is wrong that an operator should see (for example a peer refusing connections). */
    DEGRADED,
    /** Not working until something changes (for example a port that cannot be bound). */
    FAILED
}
