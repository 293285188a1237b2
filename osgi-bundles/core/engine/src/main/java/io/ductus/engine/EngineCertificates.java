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

    /**
     * Sets the API's TLS and allow list (ductus.yaml api:, as {@code project} read it with the certificates {@link #install}
     * loaded) and warns about an API off loopback without TLS.
     *
     * @throws IllegalStateException when ductus.yaml's api: does not hold
     */
    static void secure(EngineSettings settings, LoadedProject project, Certificates certificates, io.ductus.engine.api.ApiServer api) {
        io.ductus.core.project.ListenerSecurity security = project.project().settings().apiSecurity();
        try {
            api.secure(security.certificate().map(pair -> certificates.server(pair, security.clientCa(),
                            io.ductus.connector.listener.tls.SubjectPatterns.parse(security.clientSubjects()))),
                    security.allow().isEmpty() ? java.util.Optional.empty()
                            : java.util.Optional.of(io.ductus.connector.listener.AllowList.of(security.allow(), LOG::warn)));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("ductus.yaml: api." + e.getMessage(), e);
        }
        io.ductus.core.project.ApiExposure.warning(settings.apiListen(), security).ifPresent(LOG::warn);
    }

    /** @throws IllegalStateException with every entry's problem when one does not load */
    static LoadedProject install(EngineSettings settings, Certificates certificates, Clock clock) throws java.io.IOException {
        LoadedProject project = ProjectLoader.loadSettings(settings.project());
        // ductus.yaml or resources.yaml with problems of their own: those are the reason, not a missing certificate.
        if (!project.engineProblems().isEmpty()) {
            throw new IllegalStateException("the project has problems: " + project.engineProblems().get(0));
        }
        if (project.project().resources().certificates().isEmpty()) {
            certificates.install(List.of(), clock, LOG::info, LOG::warn); // where entries added later report to
            return project;
        }
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
        return project;
    }
}
