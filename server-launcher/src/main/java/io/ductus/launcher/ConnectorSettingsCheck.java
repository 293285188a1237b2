package io.ductus.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * Checks a project with the connector types the engine would have: starts the framework with the
 * distribution's bundles and the plugins (no database, no API, no interfaces), asks the engine's
 * project validator, and stops it again.
 */
final class ConnectorSettingsCheck {

    private static final String VALIDATOR = "(ductus.service=project-validator)";

    private ConnectorSettingsCheck() {
    }

    /** Every problem as {@code file:line:column: field: message}, or empty when no distribution is there to ask. */
    @SuppressWarnings("unchecked")
    static Optional<List<String>> problems(Path project, Optional<Path> pluginsOption) throws Exception {
        if (System.getProperty("ductus.home") == null || !Files.isDirectory(Distribution.bundles())) return Optional.empty();
        Path plugins = pluginsOption.orElseGet(Distribution::plugins).toAbsolutePath().normalize();
        Path cache = Files.createTempDirectory("ductus-validate");
        try (EmbeddedFramework framework = EmbeddedFramework.startForValidation(Distribution.bundles(), plugins, cache)) {
            framework.awaitPlugins(plugins);
            BundleContext context = framework.context();
            ServiceReference<?> ref = framework.awaitService(VALIDATOR);
            Function<String, List<String>> validator = (Function<String, List<String>>) context.getService(ref);
            try {
                return Optional.of(validator.apply(project.toString()));
            } finally {
                context.ungetService(ref);
            }
        } finally {
            deleteQuietly(cache);
        }
    }

    private static void deleteQuietly(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
