package io.ductus.core.project;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One destination of an interface.
 *
 * @param name         the destination's name, a simple identifier
 * @param type         the connector type ({@code mllp}, {@code file}, … or {@code interface} for a route)
 * @param settings     the connector's raw settings (without the engine's keys), in file order
 * @param transform    what it runs on each message: a function of transform.js, the default rule, or nothing
 * @param outputFormat the format it takes: what the transform's result is written as (its {@code format:}, else
 *                     what its type takes, else the interface's format)
 * @param retry        what to do with transient failures
 * @param saveOutput   whether the output is kept with the delivery
 * @param behind       its own {@code monitor.behind}, if written (else the interface's applies)
 */
public record DestinationDefinition(String name, String type, Map<String, Object> settings, DestinationTransform transform,
                                    Format outputFormat, Retry retry, boolean saveOutput,
                                    Optional<io.ductus.core.health.Expectations.Behind> behind) {

    /** A destination without an expectation of its own. */
    public DestinationDefinition(String name, String type, Map<String, Object> settings, DestinationTransform transform,
                                 Format outputFormat, Retry retry, boolean saveOutput) {
        this(name, type, settings, transform, outputFormat, retry, saveOutput, Optional.empty());
    }

    public DestinationDefinition {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
        Objects.requireNonNull(transform, "transform");
        Objects.requireNonNull(outputFormat, "outputFormat");
        Objects.requireNonNull(retry, "retry");
        Objects.requireNonNull(behind, "behind");
    }

    /** The interface this destination routes to, when it is a route. */
    public Optional<String> routeTarget() {
        if (!type.equals(BuiltInTypes.ROUTE.name())) return Optional.empty();
        return Optional.ofNullable(settings.get(BuiltInTypes.TARGET_KEY)).map(Object::toString);
    }
}
