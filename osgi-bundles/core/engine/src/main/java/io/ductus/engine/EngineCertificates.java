package io.ductus.engine;

import io.ductus.connector.listener.tls.Certificates;
import io.ductus.engine.services.EngineServices;
import io.ductus.engine.services.ProjectCertificates;
import io.ductus.project.LoadedProject;
import io.ductus.project.ProjectLoader;
import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The engine's start step that loads resources.yaml's certificates, before the API or any listener. */
final class EngineCertificates {

    private static final Logger LOG = LoggerFactory.getLogger("io.ductus.certificates");

    private EngineCertificates() {
    }

    /** @throws IllegalStateException with every entry's problem when one does not load */
    static void install(EngineSettings settings, Certificates certificates, Clock clock) throws java.io.IOException {
        LoadedProject project = ProjectLoader.loadSettings(settings.project());
        if (project.project().resources().certificates().isEmpty()) return;
        List<String> problems;
        try (EngineServices services = EngineServices.of(project.project(), settings.project(), settings.data())) {
            problems = certificates.install(ProjectCertificates.entries(project.project().resources(), settings.project(),
                    ProjectCertificates.secretsOf(services)), clock, LOG::info, LOG::warn);
        } catch (IllegalArgumentException e) {
            problems = List.of(e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("resources.yaml: " + String.join("; ", problems));
        }
        LOG.info("certificates loaded: {}", String.join(", ", project.project().resources().certificates().keySet()));
    }
}
