package io.ductus.engine.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.connector.sftp.SftpConnectorFactory;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.TestRegistries;
import io.ductus.project.ProjectLoader;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.MessageSummary;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SFTP connector in the real runtime on a real SQLite store, against a real SFTP server in this JVM
 * (Apache MINA SSHD with its SFTP subsystem on a temporary folder): an HL7 batch file dropped in the
 * remote inbox becomes one stored message per MSH, the file moves to done, and the SFTP destination
 * writes each message back to the server as its own file.
 */
class SftpEndToEndTest {

    @TempDir
    Path tmp;

    private SshServer server;
    private JdbcStore store;
    private EngineRuntime runtime;

    @BeforeEach
    void serverAndProject() throws Exception {
        Path remote = Files.createDirectories(tmp.resolve("remote/inbox"));
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        KeyPair client = rsa.generateKeyPair();
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(0);
        server.setKeyPairProvider(new SimpleGeneratorHostKeyProvider(tmp.resolve("hostkey.ser")));
        server.setPublickeyAuthenticator((user, key, session) -> user.equals("lab") && KeyUtils.compareKeys(key, client.getPublic()));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setFileSystemFactory(new VirtualFileSystemFactory(remote.getParent()));
        server.start();

        Path data = Files.createDirectories(tmp.resolve("data"));
        Files.writeString(data.resolve("known_hosts"), "[127.0.0.1]:" + server.getPort() + " "
                + PublicKeyEntry.toString(server.getKeyPairProvider().loadKeys(null).iterator().next().getPublic()) + "\n");
        Files.writeString(data.resolve("lab_key.pem"), "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(client.getPrivate().getEncoded())
                + "\n-----END PRIVATE KEY-----\n");

        Path folder = Files.createDirectories(tmp.resolve("project/interfaces/lab-inbox"));
        String login = "connect: 127.0.0.1:%d, user: lab, private_key: lab_key.pem, known_hosts: known_hosts".formatted(server.getPort());
        Files.writeString(folder.resolve("interface.yaml"), """
                source: { type: sftp, %s, folder: inbox, split: hl7, poll: 50ms }
                format: hl7
                destinations:
                  back: { type: sftp, %s, path: "outbox/{MSH-10}-{id}.hl7" }
                """.formatted(login, login));
        store = SqliteStores.open(data.resolve("ductus.db"));
    }

    @AfterEach
    void close() throws Exception {
        if (runtime != null) runtime.stop();
        store.close();
        server.stop(true);
    }

    @Test
    void reads_a_remote_batch_file_into_the_store_and_writes_each_message_back_over_sftp() throws Exception {
        runtime = EngineRuntime.start(ProjectLoader.read(tmp.resolve("project")), tmp.resolve("project"),
                TestRegistries.with(new SftpConnectorFactory()), store, Clock.systemUTC(), tmp.resolve("data"),
                new EngineMetrics(), new EventHub());
        assertThat(runtime.interfaces().states().getFirst().state()).isEqualTo("running");

        String batch = message("M1", "P1") + message("M2", "P2") + message("M3", "P1");
        Path temporary = tmp.resolve("remote/inbox/.adt.hl7.part");
        Files.writeString(temporary, batch, StandardCharsets.ISO_8859_1);
        Files.move(temporary, tmp.resolve("remote/inbox/adt.hl7"), StandardCopyOption.ATOMIC_MOVE);

        waitUntil(() -> Files.exists(tmp.resolve("remote/inbox/done/adt.hl7")));
        waitUntil(() -> messages().stream().allMatch(m -> m.status() == MessageStatus.SENT) && messages().size() == 3);

        assertThat(messages()).extracting(MessageSummary::id).containsExactly(3L, 2L, 1L);
        assertThat(Files.readString(tmp.resolve("remote/outbox/M1-1.hl7"), StandardCharsets.ISO_8859_1)).isEqualTo(message("M1", "P1"));
        assertThat(Files.readString(tmp.resolve("remote/outbox/M3-3.hl7"), StandardCharsets.ISO_8859_1)).isEqualTo(message("M3", "P1"));
        assertThat(tmp.resolve("remote/inbox/adt.hl7")).doesNotExist();
        try (var left = Files.list(tmp.resolve("remote/outbox"))) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no temporary file left").noneMatch(n -> n.startsWith("."));
        }
    }

    private List<MessageSummary> messages() {
        return store.browse(MessageQuery.newest("lab-inbox", 100)).messages();
    }

    private static String message(String controlId, String patient) {
        return "MSH|^~\\&|LAB|F|D|F|20261130||ADT^A01|" + controlId + "|P|2.5\rPID|1||" + patient + "\r";
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 30 s");
            Thread.sleep(20);
        }
    }
}
