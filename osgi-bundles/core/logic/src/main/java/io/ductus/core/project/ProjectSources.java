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

    /** The same project with one interface's interface.yaml replaced (or added): a deploy's candidate. */
    public ProjectSources withInterface(String name, ProjectFile file) {
        Map<String, ProjectFile> all = new java.util.TreeMap<>(interfaces);
        all.put(name, file);
        return new ProjectSources(ductus, resources, all);
    }

    /** The same project without one interface: a removal's candidate. */
    public ProjectSources withoutInterface(String name) {
        Map<String, ProjectFile> all = new java.util.TreeMap<>(interfaces);
        all.remove(name);
        return new ProjectSources(ductus, resources, all);
    }
}
