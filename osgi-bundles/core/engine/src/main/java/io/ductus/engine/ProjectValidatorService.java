package io.ductus.engine;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.Problem;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.project.ProjectLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

/**
 * Checks a project folder against the connector types installed now (built in and plugins), for
 * {@code ductus validate}. Offered as a plain {@link Function} (folder → problems as
 * {@code file:line:column: field: message}) so the launcher needs no engine class to call it.
 */
@Component(service = Function.class, property = ProjectValidatorService.FILTER_PROPERTY + "=" + ProjectValidatorService.FILTER_VALUE)
public final class ProjectValidatorService implements Function<String, List<String>> {

    public static final String FILTER_PROPERTY = "ductus.service";
    public static final String FILTER_VALUE = "project-validator";

    private final ConnectorRegistry registry;

    @Activate
    public ProjectValidatorService(@Reference ConnectorRegistry registry) {
        this.registry = registry;
    }

    @Override
    public List<String> apply(String folder) {
        ConnectorTypes types = registry.types();
        try {
            return ProjectLoader.load(Path.of(folder), types).problems().stream().map(Problem::toString).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
