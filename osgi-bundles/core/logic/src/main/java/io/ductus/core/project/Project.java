package io.ductus.core.project;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A checked project: what the engine may run. Interfaces with problems are left out (the rest keep
 * running); the problems are in the {@link ProjectCheck} that holds this.
 *
 * @param settings   ductus.yaml (defaults when the file is missing or has problems)
 * @param resources  resources.yaml (none when the file is missing or has problems)
 * @param interfaces the interfaces without problems, by name, sorted
 */
public record Project(ProjectSettings settings, Resources resources, Map<String, InterfaceDefinition> interfaces) {

    public Project {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(resources, "resources");
        interfaces = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(interfaces));
    }

    public Optional<InterfaceDefinition> findInterface(String name) {
        return Optional.ofNullable(interfaces.get(name));
    }
}
