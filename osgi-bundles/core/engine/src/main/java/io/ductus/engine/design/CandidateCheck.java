package io.ductus.engine.design;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.MapNode;
import io.ductus.core.project.Node;
import io.ductus.core.project.Position;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectFile;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.ProjectValidatorService;
import io.ductus.project.ProjectLoader;
import io.ductus.script.ScriptContext;
import io.ductus.script.ScriptException;
import io.ductus.script.ScriptHost;
import io.ductus.script.ScriptServices;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Checks an interface's candidate files the way the engine would meet them: the project check that
 * {@code ductus validate} runs ({@link ProjectValidatorService}, connector settings included), on the
 * project with these files in place, and then the code they bring, loaded as a worker loads it: a syntax
 * error or an import that does not resolve names its file and line; a destination whose function the code
 * does not export names the destination. A problem the change causes in another interface (a route into
 * this one that no longer fits) counts too; problems that were there before do not. Deploys and trials
 * check their files with it; anything else that runs an interface's files outside its workers (a replay
 * of a recorded revision with {@link io.ductus.engine.runtime.DryRun}) gets its definition from it too.
 */
public final class CandidateCheck {

    private final ProjectValidatorService validator;

    public CandidateCheck(ProjectValidatorService validator) {
        this.validator = validator;
    }

    /**
     * @param current  the project as the engine runs it now ({@link io.ductus.engine.runtime.EngineRuntime#sources()})
     * @param services what the code's top level may reach while it loads (reads only, say)
     */
    public Candidate check(ProjectSources current, InterfaceFiles files, ScriptHost host, Path project, ScriptServices services) {
        String name = files.interfaceName();
        String yamlPath = InterfaceFiles.interfaceFile(name);
        ProjectFile yaml = files.bytes(yamlPath).map(b -> ProjectLoader.interfaceFile(name, b))
                .orElseGet(() -> ProjectLoader.missingInterfaceFile(name));
        ProjectSources sources = current.withInterface(name, yaml);
        ProjectCheck before = validator.check(current);
        ProjectCheck after = validator.check(sources);
        Set<Problem> old = new HashSet<>(before.problems());
        List<Problem> problems = new ArrayList<>();
        for (Problem p : after.problems()) {
            if (p.file().startsWith(InterfaceFiles.folder(name)) || !old.contains(p)) problems.add(p);
        }
        Optional<InterfaceDefinition> definition = Optional.ofNullable(after.project().interfaces().get(name));
        if (definition.isPresent()) problems.addAll(code(definition.get(), files, yaml, host, project, services));
        return new Candidate(files, sources, problems.isEmpty() ? definition : Optional.empty(), problems);
    }

    /** The project without the interface: what a removal leaves; the problems it causes elsewhere (routes into it). */
    List<Problem> checkRemoval(ProjectSources current, String name) {
        Set<Problem> old = new HashSet<>(validator.check(current).problems());
        return validator.check(current.withoutInterface(name)).problems().stream().filter(p -> !old.contains(p)).toList();
    }

    private static List<Problem> code(InterfaceDefinition definition, InterfaceFiles files, ProjectFile yaml, ScriptHost host,
                                      Path project, ScriptServices services) {
        String module = InterfaceFiles.moduleFile(definition.name());
        if (!files.contains(module)) return List.of();
        Set<String> exported;
        try (ScriptContext context = host.load(project, files, definition.timeout(), services).newContext()) {
            exported = context.exportedNames();
        } catch (ScriptException e) {
            return List.of(new Problem(where(e, project, module), new Position(Math.max(1, e.line()), 1), "",
                    "the code does not load: " + e.getMessage()));
        }
        List<Problem> problems = new ArrayList<>();
        for (DestinationDefinition d : definition.destinations().values()) {
            if (exported.contains(d.transform())) continue;
            problems.add(new Problem(yaml.path(), position(yaml, d.name()), "destinations." + d.name() + ".transform",
                    "transform.js exports no function '" + d.transform() + "' for this destination (it exports "
                            + (exported.isEmpty() ? "nothing" : String.join(", ", new java.util.TreeSet<>(exported))) + ")"));
        }
        return problems;
    }

    /** The failing file relative to the project, as problems name files. */
    private static String where(ScriptException e, Path project, String module) {
        if (e.path() == null) return module;
        Path file = Path.of(e.path()).toAbsolutePath().normalize();
        Path root = project.toAbsolutePath().normalize();
        return file.startsWith(root) ? root.relativize(file).toString().replace('\\', '/') : module;
    }

    /** Where {@code destinations.<name>.transform} is, or the destination when it names none. */
    private static Position position(ProjectFile yaml, String destination) {
        Optional<MapNode> d = yaml.root().flatMap(r -> r.value("destinations")).filter(MapNode.class::isInstance)
                .map(MapNode.class::cast).flatMap(m -> m.value(destination)).filter(MapNode.class::isInstance).map(MapNode.class::cast);
        return d.flatMap(m -> m.value("transform")).map(Node::position).or(() -> d.map(Node::position)).orElse(Position.START);
    }
}
