package io.ductus.engine;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.Problem;
import io.ductus.core.project.ProjectCheck;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import io.ductus.engine.check.ProjectChecker;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.services.EngineServices;
import io.ductus.project.ProjectLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * {@code ductus validate} inside the framework: the project check the engine's start makes
 * ({@link ProjectChecker}), with the connector types installed now (built in and plugins) and each
 * interface's code loaded through the script host. Offered as a plain {@link BiFunction} (project folder,
 * data folder → problems as {@code file:line:column: field: message}) so the launcher needs no engine class
 * to call it.
 */
@Component(service = BiFunction.class, property = ProjectValidatorService.FILTER_PROPERTY + "=" + ProjectValidatorService.FILTER_VALUE)
public final class ProjectValidatorService implements BiFunction<String, String, List<String>> {

    public static final String FILTER_PROPERTY = "ductus.service";
    public static final String FILTER_VALUE = "project-validator";

    private final ConnectorRegistry registry;

    @Activate
    public ProjectValidatorService(@Reference ConnectorRegistry registry) {
        this.registry = registry;
    }

    /** @param data the data folder, where the secrets key is when code reads a secret as it loads */
    @Override
    public List<String> apply(String folder, String data) {
        Path project = Path.of(folder).toAbsolutePath().normalize();
        try (EngineRuntime.ScriptHosting scripts = new EngineRuntime.ScriptHosting()) {
            ProjectSources sources = ProjectLoader.read(project);
            ProjectCheck structure = ProjectValidator.check(sources, ConnectorTypes.unknown());
            try (EngineServices services = EngineServices.of(structure.project(), project, Path.of(data))) {
                ProjectChecker checker = new ProjectChecker(project, registry::types, scripts, services::forInterface);
                List<String> problems = new java.util.ArrayList<>(checker.check(sources).problems().stream().map(Problem::toString).toList());
                // Each certificate loaded and judged as the engine's start does (key, expiry, chain order).
                try {
                    io.ductus.connector.listener.tls.Certificates.check(io.ductus.engine.services.ProjectCertificates.entries(
                            structure.project().resources(), project, io.ductus.engine.services.ProjectCertificates.secretsOf(services)),
                            java.time.Instant.now()).forEach(p -> problems.add(io.ductus.core.project.ProjectShapes.RESOURCES_FILE + ": " + p));
                } catch (IllegalArgumentException e) {
                    problems.add(io.ductus.core.project.ProjectShapes.RESOURCES_FILE + ": " + e.getMessage());
                }
                return problems;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
