package io.ductus.core.project;

import java.util.Map;

/**
 * resources.yaml: the project's named connections.
 *
 * @param databases database connections by name, in file order
 */
public record Resources(Map<String, DatabaseResource> databases) {

    public static final Resources NONE = new Resources(Map.of());

    public Resources {
        databases = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(databases));
    }
}
