package io.ductus.engine.design;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.connector.listener.ListenerLimits;
import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.TestPki;
import io.ductus.connector.listener.tls.TlsTestBed;
import io.ductus.connector.mllp.MllpConnectorFactory;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.TestRegistries;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import io.ductus.project.ProjectLoader;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.revision.RevisionOrigin;
import io.ductus.store.sqlite.SqliteStores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A certificate entry added to resources.yaml while the engine runs is there for the deploy that names it, without a
 * restart: the deploy is accepted, and its MLLP source presents the new pair to a real TLS client.
 */
class NewCertificateDeployTest {

    @TempDir
    Path folder;

    private final Certificates certificates = new Certificates();
    private final MllpConnectorFactory mllp = new MllpConnectorFactory(ListenerLimits.defaults(), certificates);
    private JdbcStore store;
    private EngineRuntime runtime;

    @AfterEach
    void stop() throws Exception {
        if (runtime != null) runtime.stop();
        certificates.close();
        if (store != null) store.close();
    }

    private static InterfaceFiles tlsInterface(int port) {
        return InterfaceFiles.of("lab", Map.of("interfaces/lab/interface.yaml", """
                source: { type: mllp, listen: "127.0.0.1:%d", tls: lab-pair }
                format: hl7
                destinations:
                  archive: { type: file, path: "archive/{id}.hl7", fsync: false }
                """.formatted(port).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aPairAddedToResourcesYamlIsUsedByTheDeployThatNamesIt() throws Exception {
        Path project = Files.createDirectories(folder.resolve("project"));
        Files.createDirectories(project.resolve("interfaces"));
        Files.writeString(project.resolve("resources.yaml"), "databases: {}\n");
        store = SqliteStores.open(folder.resolve("ductus.db"));
        runtime = EngineRuntime.start(ProjectLoader.read(project), project, name -> new RunningRevision(null, InterfaceFiles.of(name,
                Map.of())), TestRegistries.with(mllp, new io.ductus.connector.file.FileConnectorFactory()), store, Clock.systemUTC(),
                folder.resolve("data"), new EngineMetrics(), new EventHub(), certificates);
        Deployer deployer = new Deployer(() -> runtime, store, Clock.systemUTC());
        int port = TlsTestBed.freePort();

        assertThatThrownBy(() -> deployer.deploy("lab", tlsInterface(port), null, RevisionOrigin.API, "ops", "tls", AuditMaker.NONE))
                .isInstanceOf(DeployRefusedException.class).satisfies(e -> assertThat(((DeployRefusedException) e).problems())
                        .singleElement().asString().contains("source.tls: no certificate 'lab-pair' in resources.yaml"));

        TestPki.Issued ca = TestPki.ca("Added CA");
        TestPki.Issued pair = TestPki.issue(ca, "CN=localhost", "localhost");
        pair.write(Files.createDirectories(project.resolve("certs")), "lab");
        Files.writeString(project.resolve("resources.yaml"), """
                databases: {}
                certificates:
                  lab-pair: { cert_file: certs/lab.crt, key_file: certs/lab.key }
                """);
        DeployResult deployed = deployer.deploy("lab", tlsInterface(port), null, RevisionOrigin.API, "ops", "tls", AuditMaker.NONE);
        assertThat(deployed.changed()).isTrue();
        assertThat(certificates.names()).containsExactly("lab-pair");
        try (SSLSocket socket = (SSLSocket) TestPki.context(ca, null).getSocketFactory().createSocket("localhost", port)) {
            socket.startHandshake();
            assertThat(socket.getSession().getPeerCertificates()[0]).isEqualTo(pair.certificate());
        }
    }
}
