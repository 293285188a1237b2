package io.ductus.core.project;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the loader read from a project folder, before checking.
 *
 * @param ductus     ductus.yaml, if present
 * @param resources  resources.yaml, if present
 * @param interfaces each interfaces/&lt;name&gt;/interface.yaml by folder name
 */
public record ProjectSources(Optional<ProjectFile> ductus, Optional<ProjectFile> resources, Map<String, ProjectFile> interfaces) {

    public ProjectSources {
        Objects.requireNonNull(ductus, "ductus");
        Objects.requireNonNull(resources, "resources");
        interfaces = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(interfaces));
    }
}
