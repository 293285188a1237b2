package io.ductus.sdk;

import java.nio.file.Path;
import java.time.Clock;
import org.osgi.annotation.versioning.ProviderType;

/**
 * Everything the engine gives one connector: its identity, time, a scheduler, a logger and a way to
 * report its status. A connector never looks services up; this is its only channel back.
 */
@ProviderType
public interface ConnectorContext {

    /** The interface this connector belongs to. */
    String interfaceName();

    /** {@code "source"} for a source, the destination's name for a destination. */
    String connectorName();

    /** The engine's clock; use it instead of the system clock so tests can control time. */
    Clock clock();

    /** Runs timed work on the engine's threads; everything scheduled is cancelled when the connector stops. */
    Scheduler scheduler();

    /** A logger whose lines name the interface and connector. */
    ConnectorLogger log();

    /** The engine's data folder; relative paths in settings are resolved against it. */
    Path dataDirectory();

    /** Reports a change of health, shown to operators (for example "connection refused"). */
    void statusChanged(ConnectorStatus status, String detail);
}
