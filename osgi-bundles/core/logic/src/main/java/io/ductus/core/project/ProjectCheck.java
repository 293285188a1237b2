package io.ductus.core.project;

import java.util.List;
import java.util.Objects;

/**
 * The result of checking a project: what may run, and every problem, sorted by file and position.
 *
 * @param project  the settings and the interfaces without problems
 * @param problems every problem found
 */
public record ProjectCheck(Project project, List<Problem> problems) {

    public ProjectCheck {
        Objects.requireNonNull(project, "project");
        problems = problems.stream().sorted().toList();
    }

    public boolean valid() {
        return problems.isEmpty();
    }

    /** The problems in one file (a path relative to the project, such as {@code ductus.yaml}). */
    public List<Problem> problemsIn(String file) {
        return problems.stream().filter(p -> p.file().equals(file)).toList();
    }
}
