package io.ductus.engine.design;

import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.revision.InterfaceFiles;
import java.util.List;
import java.util.Optional;

/**
 * An interface's files as a deploy, a trial or a draft would have them, checked: the project with those
 * files, what the interface would be, and every problem found.
 *
 * @param sources    the project's files with the candidate's interface.yaml in place
 * @param definition the interface as it would run; empty when its files have problems
 * @param problems   every problem, with file, line and field
 */
public record Candidate(InterfaceFiles files, ProjectSources sources, Optional<InterfaceDefinition> definition,
                        List<Problem> problems) {

    public Candidate {
        problems = List.copyOf(problems);
    }

    public boolean valid() {
        return problems.isEmpty() && definition.isPresent();
    }
}
