package io.ductus.sdk;

import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConnectorConfig;
import java.util.List;
import org.osgi.annotation.versioning.ConsumerType;

/**
 * Makes connectors of one type. A plugin registers one as an OSGi service (a Declarative Services
 * {@code @Component(service = ConnectorFactory.class)} is enough); the engine picks it up by
 * {@link ConnectorType#name()} while the bundle is active and forgets it when the bundle goes away.
 *
 * <p>Creating a connector must not block or open anything: that happens in {@code start()}.
 */
@ConsumerType
public interface ConnectorFactory {

    /** The type this factory makes: its name, roles and settings. Constant for the factory's life. */
    ConnectorType type();

    /**
     * Checks beyond types that the schema cannot express (a path template's syntax, a pattern that must
     * compile). Called by validation after the schema accepted the settings; problems name the setting.
     */
    default List<ConfigProblem> check(Role role, ConnectorConfig config) {
        return List.of();
    }

    /**
     * Whether a source with these settings answers each request itself with the interface's code (it
     * finds a {@link Responder} on its intake) instead of storing messages for destinations. Only such an
     * interface may have no destinations; the engine refuses to start any other without one.
     *
     * @since 1.2
     */
    default boolean answersRequests(ConnectorConfig config) {
        return false;
    }

    /**
     * A source with the given settings, already validated against {@link ConnectorType#sourceSchema()}.
     * Only called when the type has the {@link Role#SOURCE} role.
     */
    default Source createSource(ConnectorConfig config, ConnectorContext context) {
        throw new UnsupportedOperationException(type().name() + " has no source role");
    }

    /**
     * A destination with the given settings, already validated against
     * {@link ConnectorType#destinationSchema()}. Only called when the type has the {@link Role#DESTINATION} role.
     */
    default Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        throw new UnsupportedOperationException(type().name() + " has no destination role");
    }
}
