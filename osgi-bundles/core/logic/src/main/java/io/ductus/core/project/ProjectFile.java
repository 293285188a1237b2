package io.ductus.core.project;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One YAML file of a project as the loader read it.
 *
 * @param path         relative to the project folder, with {@code /} separators
 * @param root         the top-level mapping; empty when the file is empty or could not be read
 * @param readProblems what the loader could not read (YAML syntax, a top level that is not a mapping)
 */
public record ProjectFile(String path, Optional<MapNode> root, List<Problem> readProblems) {

    public ProjectFile {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(root, "root");
        readProblems = List.copyOf(readProblems);
    }

    public static ProjectFile of(String path, MapNode root) {
        return new ProjectFile(path, Optional.of(root), List.of());
    }
}
