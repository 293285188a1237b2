package io.ductus.engine.check;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.InterfaceCode;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Position;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import io.ductus.script.CodeInspection;
import io.ductus.script.InterfaceCodeFiles;
import io.ductus.script.InterfaceScript;
import io.ductus.script.ScriptHost;
import io.ductus.script.ScriptServices;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one check of a project, made the same way by {@code ductus validate}, by the engine before it starts
 * an interface, and by a deploy: the files' shapes and values ({@link ProjectValidator}), each connector's
 * settings against its installed type (its schema and its factory's own checks), routes and databases, and
 * each interface's code loaded through the script host (a syntax error, an import that does not resolve, a
 * destination's {@code transform:} the code does not export), every problem with its file, line and field.
 *
 * <p>An interface's code is loaded once per checker and kept: the engine's workers run the same loaded
 * code ({@link #script}), so what was checked is what runs.
 */
public final class ProjectChecker {

    private final Path project;
    private final Supplier<ConnectorTypes> types;
    private final Supplier<ScriptHost> scripts;
    private final Function<Duration, ScriptServices> services;
    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    /** An interface's code as loaded: the script (empty without transform.js) and what loading it found. */
    private record Loaded(Duration timeout, Optional<InterfaceScript> script, InterfaceCode code) {
    }

    /**
     * @param project  the project folder
     * @param types    the connector types installed now (asked at each check: plugins come and go)
     * @param scripts  the script host, asked only when an interface has code
     * @param services the services an interface's code reaches, for its timeout (code may call them as it loads)
     */
    public ProjectChecker(Path project, Supplier<ConnectorTypes> types, Supplier<ScriptHost> scripts,
                          Function<Duration, ScriptServices> services) {
        this.project = project.toAbsolutePath().normalize();
        this.types = types;
        this.scripts = scripts;
        this.services = services;
    }

    /** Checks the project as read, with the connector types installed now. */
    public ProjectCheck check(ProjectSources sources) {
        return check(sources, types.get());
    }

    /** Checks the project as read with these connector types. */
    public ProjectCheck check(ProjectSources sources, ConnectorTypes with) {
        return ProjectValidator.check(sources, with, definition -> Optional.of(load(definition).code()));
    }

    /**
     * The interface's loaded code (the one the check looked at), or empty when it has none.
     *
     * @throws IllegalStateException when it does not load (the check refuses such an interface)
     */
    public Optional<InterfaceScript> script(InterfaceDefinition definition) {
        Loaded code = load(definition);
        if (!code.code().problems().isEmpty()) {
            throw new IllegalStateException(code.code().problems().get(0).toString());
        }
        return code.script();
    }

    private Loaded load(InterfaceDefinition definition) {
        Loaded known = loaded.get(definition.name());
        if (known != null && known.timeout().equals(definition.timeout())) return known;
        Loaded fresh = read(definition);
        loaded.put(definition.name(), fresh);
        return fresh;
    }

    private Loaded read(InterfaceDefinition definition) {
        Path module = InterfaceCodeFiles.module(project, definition.name());
        if (!Files.isRegularFile(module)) return new Loaded(definition.timeout(), Optional.empty(), InterfaceCode.NONE);
        Optional<InterfaceScript> script;
        try {
            script = Optional.of(scripts.get().load(module, InterfaceCodeFiles.roots(project, definition.name()),
                    definition.timeout(), services.apply(definition.timeout())));
        } catch (RuntimeException e) {
            String file = project.relativize(module).toString().replace('\\', '/');
            return new Loaded(definition.timeout(), Optional.empty(), new InterfaceCode(Optional.of(file), java.util.Set.of(),
                    List.of(new Problem(file, Position.START, "", "cannot be read: " + e.getMessage()))));
        }
        return new Loaded(definition.timeout(), script, CodeInspection.inspect(script, project));
    }
}
