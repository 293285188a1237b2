package io.ductus.project;

import io.ductus.core.project.Problem;
import io.ductus.core.project.Project;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectShapes;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * A project folder as loaded: what may run, and every problem. A relative SQLite path from ductus.yaml
 * is already resolved against {@code folder}.
 *
 * @param folder the project folder, absolute
 * @param check  the project and its problems
 */
public record LoadedProject(Path folder, ProjectCheck check) {

    public LoadedProject {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(check, "check");
    }

    public Project project() {
        return check.project();
    }

    public List<Problem> problems() {
        return check.problems();
    }

    public boolean valid() {
        return check.valid();
    }

    /**
     * Problems that stop the whole engine: those in ductus.yaml and resources.yaml. A problem in one
     * interface refuses only that interface.
     */
    public List<Problem> engineProblems() {
        return problems().stream().filter(p -> p.file().equals(ProjectShapes.DUCTUS_FILE)
                || p.file().equals(ProjectShapes.RESOURCES_FILE)).toList();
    }
}
