package io.ductus.core.project;

import java.util.Map;
import java.util.Objects;

/**
 * An interface's source.
 *
 * @param type     the connector type ({@code mllp}, {@code file}, … or {@code internal})
 * @param settings the connector's raw settings (everything but {@code type}), in file order, for its
 *                 {@link io.ductus.sdk.config.ConfigSchema#parse}
 */
public record SourceDefinition(String type, Map<String, Object> settings) {

    public static final SourceDefinition INTERNAL = new SourceDefinition(BuiltInTypes.INTERNAL.name(), Map.of());

    public SourceDefinition {
        Objects.requireNonNull(type, "type");
        settings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(settings));
    }

    /** Whether only routes fill this interface. */
    public boolean isInternal() {
        return type.equals(BuiltInTypes.INTERNAL.name());
    }
}
