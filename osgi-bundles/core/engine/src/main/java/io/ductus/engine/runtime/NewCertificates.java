package io.ductus.engine.runtime;

import io.ductus.connector.listener.tls.Certificates;
import io.ductus.core.project.CertificateResource;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.ProjectSources;
import io.ductus.core.project.ProjectValidator;
import io.ductus.core.project.Resources;
import io.ductus.engine.services.EngineServices;
import io.ductus.engine.services.ProjectCertificates;
import io.ductus.project.ProjectLoader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Certificate entries added to resources.yaml while the engine runs: before a deploy is checked, resources.yaml is read
 * again and entries it has now that the engine has not are loaded and checked (all or nothing, as at the start), so the
 * interface deployed may name them without a restart. Only additions: a changed or removed entry, or a change to the
 * databases, still takes a restart (the file the running engine knows stays as it was, and the log says so). Renewals
 * of installed entries come from their files (every minute), as before.
 */
final class NewCertificates {

    private static final Logger LOG = LoggerFactory.getLogger("io.ductus.certificates");

    private final Path projectFolder;
    private final AtomicReference<ProjectSources> sources;
    private final EngineServices services;
    private String lastRefusal;

    NewCertificates(Path projectFolder, AtomicReference<ProjectSources> sources, EngineServices services) {
        this.projectFolder = projectFolder;
        this.sources = sources;
        this.services = services;
    }

    /** Picks up the entries added since; a problem is logged once and nothing changes. */
    synchronized void pickUp() {
        ProjectSources onDisk;
        try {
            onDisk = ProjectLoader.readSettings(projectFolder);
        } catch (IOException e) {
            return; // the deploy's own check meets the same folder
        }
        io.ductus.core.project.ProjectCheck checked = ProjectValidator.check(onDisk, ConnectorTypes.unknown());
        if (!checked.problems().isEmpty()) return; // a broken resources.yaml changes nothing; validate lists it
        Resources now = checked.project().resources();
        ProjectSources running = sources.get();
        Resources known = ProjectValidator.check(new ProjectSources(running.ductus(), running.resources(), Map.of()),
                ConnectorTypes.unknown()).project().resources();
        if (now.certificates().equals(known.certificates())) return;
        Map<String, CertificateResource> added = new LinkedHashMap<>(now.certificates());
        known.certificates().keySet().forEach(added::remove);
        boolean onlyAdded = now.databases().equals(known.databases()) && known.certificates().entrySet().stream()
                .allMatch(e -> e.getValue().equals(now.certificates().get(e.getKey())));
        if (!onlyAdded || added.isEmpty()) {
            refuse("resources.yaml changed beyond new certificate entries (a database, or an entry changed or removed):"
                    + " the engine keeps the file as it started with it; restart to use the change");
            return;
        }
        Certificates certificates = services.certificates();
        List<String> problems;
        try {
            problems = certificates.add(ProjectCertificates.entries(new Resources(Map.of(), added), projectFolder,
                    ProjectCertificates.secretsOf(services)));
        } catch (IllegalArgumentException e) {
            problems = List.of(e.getMessage());
        }
        if (!problems.isEmpty()) {
            refuse("resources.yaml: " + String.join("; ", problems) + "; the entries added are not used until they load");
            return;
        }
        sources.set(new ProjectSources(running.ductus(), onDisk.resources(), running.interfaces()));
        lastRefusal = null;
        LOG.info("certificates added from resources.yaml without a restart: {}", String.join(", ", added.keySet()));
    }

    private void refuse(String line) {
        if (!line.equals(lastRefusal)) LOG.warn(line);
        lastRefusal = line;
    }
}
