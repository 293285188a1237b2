package io.ductus.engine.check;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.InterfaceCode;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Position;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.project.InterfaceFolders;
import io.ductus.script.CodeInspection;
import io.ductus.script.InterfaceScript;
import io.ductus.script.ScriptHost;
import io.ductus.script.ScriptServices;
import java.io.IOException;
import java.io.UncheckedIOException;
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
 * an interface, and by a deploy or a trial on its candidate files: the files' shapes and values
 * ({@link ProjectValidator}), each connector's settings against its installed type (its schema and its
 * factory's own checks), routes and databases, and each interface's code loaded through the script host (a
 * syntax error, an import that does not resolve, a destination's {@code transform:} the code does not
 * export), every problem with its file, line and field.
 *
 * <p>An interface's code is loaded from the files it runs (a revision's, in memory: never from the disk
 * once read), once per content, and kept: the engine's workers run the same loaded code
 * ({@link #script}), so what was checked is what runs.
 */
public final class ProjectChecker {

    private final Path project;
    private final Supplier<ConnectorTypes> types;
    private final Supplier<ScriptHost> scripts;
    private final Function<Duration, ScriptServices> services;
    /** The last code loaded per interface (its running revision's, or a candidate's just checked). */
    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    /** An interface's code as loaded from its files: the script (empty without transform.js) and what loading it found. */
    private record Loaded(Duration timeout, InterfaceFiles files, Optional<InterfaceScript> script, InterfaceCode code) {
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

    /** Checks the project as read, with the connector types installed now and each interface's code as its folder holds it. */
    public ProjectCheck check(ProjectSources sources) {
        return check(sources, types.get(), folders());
    }

    /**
     * Checks the project as read with these connector types, each interface's code loaded from {@code files}.
     *
     * @param files the files each interface runs (or would run), or empty when its code is not looked at
     */
    public ProjectCheck check(ProjectSources sources, ConnectorTypes with, Function<String, Optional<InterfaceFiles>> files) {
        return ProjectValidator.check(sources, with,
                definition -> files.apply(definition.name()).map(f -> load(definition, f).code()));
    }

    /**
     * {@link #check(ProjectSources, ConnectorTypes, Function)} with the connector types installed now: a
     * deploy's or a trial's candidate among the files the others run.
     */
    public ProjectCheck check(ProjectSources sources, Function<String, Optional<InterfaceFiles>> files) {
        return check(sources, types.get(), files);
    }

    /**
     * {@link #check(ProjectSources, Function)}, the code of the interface {@code apart} loaded on its own
     * with {@code apartServices} and not kept: a trial's draft, whose top level may reach only what the
     * trial allows, and which no worker runs.
     */
    public ProjectCheck check(ProjectSources sources, Function<String, Optional<InterfaceFiles>> files, String apart,
                              Function<Duration, ScriptServices> apartServices) {
        return ProjectValidator.check(sources, types.get(), definition -> files.apply(definition.name())
                .map(f -> (definition.name().equals(apart) ? read(definition, f, apartServices) : load(definition, f)).code()));
    }

    /**
     * The interface's code loaded from these files (the one the check looked at), or empty when they have
     * no transform.js.
     *
     * @throws IllegalStateException when it does not load (the check refuses such an interface)
     */
    public Optional<InterfaceScript> script(InterfaceDefinition definition, InterfaceFiles files) {
        Loaded code = load(definition, files);
        if (!code.code().problems().isEmpty()) {
            throw new IllegalStateException(code.code().problems().get(0).toString());
        }
        return code.script();
    }

    /** Each interface's files as its folder holds them now (what {@code ductus validate} checks). */
    private Function<String, Optional<InterfaceFiles>> folders() {
        InterfaceFolders folders = new InterfaceFolders(project);
        return name -> {
            try {
                return folders.read(name);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    private Loaded load(InterfaceDefinition definition, InterfaceFiles files) {
        Loaded known = loaded.get(definition.name());
        if (known != null && known.timeout().equals(definition.timeout()) && known.files().equals(files)) return known;
        Loaded fresh = read(definition, files, services);
        loaded.put(definition.name(), fresh);
        return fresh;
    }

    private Loaded read(InterfaceDefinition definition, InterfaceFiles files, Function<Duration, ScriptServices> services) {
        String module = InterfaceFiles.moduleFile(definition.name());
        if (!files.contains(module)) return new Loaded(definition.timeout(), files, Optional.empty(), InterfaceCode.NONE);
        Optional<InterfaceScript> script;
        try {
            script = Optional.of(scripts.get().load(project, files, definition.timeout(), services.apply(definition.timeout())));
        } catch (RuntimeException e) {
            return new Loaded(definition.timeout(), files, Optional.empty(), new InterfaceCode(Optional.of(module), java.util.Set.of(),
                    List.of(new Problem(module, Position.START, "", "cannot be read: " + e.getMessage()))));
        }
        return new Loaded(definition.timeout(), files, script, CodeInspection.inspect(script, project));
    }
}
