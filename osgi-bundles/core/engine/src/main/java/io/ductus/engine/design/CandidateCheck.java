package io.ductus.engine.design;

import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectFile;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.check.ProjectChecker;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.project.ProjectLoader;
import io.ductus.script.ScriptServices;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Checks an interface's candidate files the way the engine would meet them: the engine's one project check
 * ({@link ProjectChecker}, the one {@code ductus validate} and the start make: connector settings, routes,
 * the code loaded through the script host, a destination's {@code transform:} the code does not export) on
 * the project with these files in place, the other interfaces with the files they run. Every problem of
 * the candidate counts, and a problem the change causes in another interface (a route into this one that
 * no longer fits); problems that were there before do not. Deploys and trials check their files with it;
 * anything else that runs an interface's files outside its workers (a replay of a recorded revision with
 * {@link io.ductus.engine.runtime.DryRun}) gets its definition from it too.
 */
public final class CandidateCheck {

    private CandidateCheck() {
    }

    /**
     * For a deploy: the candidate's code is loaded as its workers will run it (the checker keeps it, so the
     * deploy starts the code it checked).
     */
    public static Candidate check(EngineRuntime runtime, InterfaceFiles files) {
        return check(runtime, files, (checker, sources, running) -> checker.check(sources, running));
    }

    /**
     * For a trial: the candidate's code is loaded on its own with these services (reads only, say), and
     * not kept for the workers.
     */
    public static Candidate check(EngineRuntime runtime, InterfaceFiles files, Function<Duration, ScriptServices> services) {
        return check(runtime, files, (checker, sources, running) -> checker.check(sources, running, files.interfaceName(), services));
    }

    /** The project without the interface: what a removal leaves; the problems it causes elsewhere (routes into it). */
    static List<Problem> checkRemoval(EngineRuntime runtime, String name) {
        ProjectChecker checker = runtime.checker();
        Function<String, Optional<InterfaceFiles>> running = running(runtime);
        Set<Problem> old = new HashSet<>(checker.check(runtime.sources(), running).problems());
        return checker.check(runtime.sources().withoutInterface(name), running).problems().stream().filter(p -> !old.contains(p)).toList();
    }

    /** How the project with the candidate in place is checked. */
    @FunctionalInterface
    private interface Checking {
        ProjectCheck check(ProjectChecker checker, ProjectSources sources, Function<String, Optional<InterfaceFiles>> files);
    }

    private static Candidate check(EngineRuntime runtime, InterfaceFiles files, Checking checking) {
        String name = files.interfaceName();
        ProjectFile yaml = files.bytes(InterfaceFiles.interfaceFile(name)).map(b -> ProjectLoader.interfaceFile(name, b))
                .orElseGet(() -> ProjectLoader.missingInterfaceFile(name));
        ProjectSources current = runtime.sources();
        ProjectSources sources = current.withInterface(name, yaml);
        Function<String, Optional<InterfaceFiles>> running = running(runtime);
        ProjectChecker checker = runtime.checker();
        Set<Problem> old = new HashSet<>(checker.check(current, running).problems());
        ProjectCheck after = checking.check(checker, sources, other -> other.equals(name) ? Optional.of(files) : running.apply(other));
        List<Problem> problems = new ArrayList<>(after.problemsOf(name));
        for (Problem p : after.problems()) {
            if (!problems.contains(p) && (p.file().startsWith(InterfaceFiles.folder(name)) || !old.contains(p))) problems.add(p);
        }
        Optional<InterfaceDefinition> definition = Optional.ofNullable(after.project().interfaces().get(name));
        return new Candidate(files, sources, problems.isEmpty() ? definition : Optional.empty(), problems);
    }

    /** The files each interface runs now (its current revision's). */
    private static Function<String, Optional<InterfaceFiles>> running(EngineRuntime runtime) {
        return name -> runtime.interfaces().code(name).map(io.ductus.engine.runtime.RunningRevision::files);
    }
}
