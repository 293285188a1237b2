package io.ductus.core.project;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Objects;

/**
 * The result of checking a project: what may run, and every problem, sorted by file and position.
 *
 * @param project  the settings and the interfaces without problems
 * @param problems every problem found
 * @param refused  the interfaces left out, by name, each with the problems that left it out (its own file's,
 *                 its code's, a route's to an interface left out)
 */
public record ProjectCheck(Project project, List<Problem> problems, Map<String, List<Problem>> refused) {

    public ProjectCheck {
        Objects.requireNonNull(project, "project");
        problems = problems.stream().sorted().toList();
        Map<String, List<Problem>> copy = new TreeMap<>();
        refused.forEach((name, own) -> copy.put(name, own.stream().sorted().toList()));
        refused = Collections.unmodifiableMap(copy);
    }

    /** A check whose refused interfaces are those with a problem in their folder. */
    public ProjectCheck(Project project, List<Problem> problems) {
        this(project, problems, byInterfaceFolder(problems));
    }

    /** Why an interface was left out: empty when it was not (or the project has no such interface). */
    public List<Problem> problemsOf(String interfaceName) {
        return refused.getOrDefault(interfaceName, List.of());
    }

    private static Map<String, List<Problem>> byInterfaceFolder(List<Problem> problems) {
        Map<String, List<Problem>> map = new TreeMap<>();
        String prefix = ProjectShapes.INTERFACES_FOLDER + "/";
        for (Problem p : problems) {
            if (!p.file().startsWith(prefix) || p.file().indexOf('/', prefix.length()) < 0) continue;
            map.computeIfAbsent(p.file().substring(prefix.length(), p.file().indexOf('/', prefix.length())), n -> new ArrayList<>()).add(p);
        }
        return map;
    }

    public boolean valid() {
        return problems.isEmpty();
    }

    /** The problems in one file (a path relative to the project, such as {@code ductus.yaml}). */
    public List<Problem> problemsIn(String file) {
        return problems.stream().filter(p -> p.file().equals(file)).toList();
    }
}
