package io.ductus.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

/**
 * The engine's project check for {@code ductus validate}: starts the framework with the distribution's
 * bundles and the plugins (no database, no API, no interfaces), asks the engine's project validator, which
 * checks connector settings against the installed types and loads each interface's code, and stops it
 * again.
 */
final class ConnectorSettingsCheck {

    private static final String VALIDATOR = "(ductus.service=project-validator)";

    private ConnectorSettingsCheck() {
    }

    /**
     * Every problem as {@code file:line:column: field: message}, or empty when no distribution is there to ask.
     *
     * @param data the data folder (where the secrets key is, should code read a secret as it loads)
     */
    @SuppressWarnings("unchecked")
    static Optional<List<String>> problems(Path project, Optional<Path> pluginsOption, Path data) throws Exception {
        if (System.getProperty("ductus.home") == null || !Files.isDirectory(Distribution.bundles())) return Optional.empty();
        Path work = Files.createTempDirectory("ductus-validate");
        Path cache = work.resolve("osgi-cache");
        Path given = pluginsOption.orElseGet(Distribution::plugins).toAbsolutePath().normalize();
        // A plugins folder that is not there has no plugins: watching it would only warn that it is missing.
        Path plugins = Files.isDirectory(given) ? given : Files.createDirectories(work.resolve("no-plugins"));
        try (EmbeddedFramework framework = EmbeddedFramework.startForValidation(Distribution.bundles(), plugins, cache)) {
            framework.awaitPlugins(plugins);
            BundleContext context = framework.context();
            ServiceReference<?> ref = framework.awaitService(VALIDATOR);
            StartupSteps.mark("project check found");
            BiFunction<String, String, List<String>> validator = (BiFunction<String, String, List<String>>) context.getService(ref);
            try {
                List<String> problems = validator.apply(project.toString(), data.toString());
                StartupSteps.mark("project checked");
                return Optional.of(problems);
            } finally {
                context.ungetService(ref);
            }
        } finally {
            deleteQuietly(work);
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
