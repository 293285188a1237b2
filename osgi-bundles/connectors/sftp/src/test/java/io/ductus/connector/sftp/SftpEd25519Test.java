package io.ductus.connector.sftp;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.sdk.testkit.TestMessages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyPair;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ed25519, OpenSSH's default key type, against the in-process SSHD server: client keys exactly as
 * {@code ssh-keygen -t ed25519} writes them (the files beside this class were made by OpenSSH 9.2's
 * ssh-keygen for these tests only, one without a passphrase and one with the passphrase
 * {@value #PASSPHRASE}), and servers that offer an Ed25519 host key and no other.
 */
class SftpEd25519Test {

    private static final String PASSPHRASE = "correct horse battery staple";

    @TempDir
    Path tmp;

    private TestSftpServer server;
    private final InMemoryIntake intake = new InMemoryIntake();
    private TestConnectorContext context;
    private Source source;
    private Destination destination;
    private TestConnectorContext destinationContext;

    @AfterEach
    void stop() throws Exception {
        intake.release();
        if (source != null) source.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (destination != null) destination.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (destinationContext != null) destinationContext.close();
        if (context != null) context.close();
        if (server != null) server.close();
    }

    @Test
    void connects_with_an_ed25519_client_key_and_reads_and_writes_files() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        server.authorize(publicKeyOf("id_ed25519.pub"));
        writeKey("id_ed25519");
        drop("a.txt", "one\ntwo\n");

        Map<String, Object> login = Map.of("host_key", server.fingerprint(), "private_key", "id_ed25519");
        startSource(login);
        assertThat(intake.awaitStored(2, 20, TimeUnit.SECONDS)).isTrue();
        waitUntil(() -> Files.exists(server.root().resolve("in/done/a.txt")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("one", "two");

        assertThat(send(login, "out/{id}.hl7", 7, "MSH|^~\\&|A|B|C|D|2026||ADT^A01|E7|P|2.5\r").kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(server.root().resolve("out/7.hl7")).hasContent("MSH|^~\\&|A|B|C|D|2026||ADT^A01|E7|P|2.5\r");
    }

    @Test
    void connects_with_a_passphrase_protected_ed25519_client_key() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        server.authorize(publicKeyOf("id_ed25519_encrypted.pub"));
        writeKey("id_ed25519_encrypted");

        Outcome outcome = send(Map.of("host_key", server.fingerprint(), "private_key", "id_ed25519_encrypted",
                "private_key_passphrase_env", "KEY_PASSPHRASE"), "out/{id}.hl7", 1, "MSH|^~\\&|A\r");

        assertThat(outcome.kind()).as(outcome.toString()).isEqualTo(Outcome.Kind.SENT);
        assertThat(server.root().resolve("out/1.hl7")).hasContent("MSH|^~\\&|A\r");
    }

    @Test
    void refuses_to_log_in_with_an_ed25519_client_key_the_server_does_not_list() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        server.authorize(publicKeyOf("id_ed25519_encrypted.pub"));
        writeKey("id_ed25519");

        Outcome outcome = send(Map.of("host_key", server.fingerprint(), "private_key", "id_ed25519"), "out/{id}.hl7", 1, "x");

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).contains("cannot log in to " + server.address() + " as " + TestSftpServer.USER);
        assertThat(server.root().resolve("out/1.hl7")).doesNotExist();
    }

    @Test
    void accepts_a_server_offering_only_an_ed25519_host_key_when_the_pinned_fingerprint_matches() throws Exception {
        KeyPair hostKey = KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
        server = TestSftpServer.startWithHostKey(tmp.resolve("remote"), hostKey);
        assertThat(KeyUtils.getKeyType(server.hostKey())).isEqualTo(KeyPairProvider.SSH_ED25519);
        drop("b.txt", "three\n");

        startSource(Map.of("host_key", KeyUtils.getFingerPrint(hostKey.getPublic())));

        assertThat(intake.awaitStored(1, 20, TimeUnit.SECONDS)).isTrue();
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("three");
        assertThat(context.statuses()).noneMatch(s -> s.startsWith("DEGRADED"));
    }

    @Test
    void accepts_a_server_offering_only_an_ed25519_host_key_listed_in_known_hosts() throws Exception {
        server = TestSftpServer.startWithHostKey(tmp.resolve("remote"), KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256));
        Files.createDirectories(tmp.resolve("data"));
        server.writeKnownHosts(tmp.resolve("data/known_hosts"));
        assertThat(tmp.resolve("data/known_hosts")).content().contains(" ssh-ed25519 ");

        Outcome outcome = send(Map.of("known_hosts", "known_hosts", "password_env", "SFTP_PASSWORD"), "out/{id}.hl7", 3, "x");

        assertThat(outcome.kind()).as(outcome.toString()).isEqualTo(Outcome.Kind.SENT);
        assertThat(server.root().resolve("out/3.hl7")).hasContent("x");
    }

    @Test
    void refuses_a_server_offering_only_an_ed25519_host_key_that_is_not_the_pinned_one_naming_both_fingerprints() throws Exception {
        KeyPair hostKey = KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
        String offered = KeyUtils.getFingerPrint(hostKey.getPublic());
        String pinned = KeyUtils.getFingerPrint(KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256).getPublic());
        server = TestSftpServer.startWithHostKey(tmp.resolve("remote"), hostKey);
        drop("c.txt", "four\n");

        startSource(Map.of("host_key", pinned));

        waitUntil(() -> context.statuses().stream().anyMatch(s -> s.startsWith("DEGRADED")));
        assertThat(context.statuses()).last().asString()
                .contains("the host key of " + server.address() + " is ssh-ed25519 " + offered)
                .contains("not the pinned host_key " + pinned);
        assertThat(intake.submittedCount()).isZero();
        assertThat(server.root().resolve("in/c.txt")).exists();
    }

    // ------------------------------------------------------------------------------------------------

    private static PublicKey publicKeyOf(String resource) throws Exception {
        String line;
        try (InputStream in = SftpEd25519Test.class.getResourceAsStream(resource)) {
            line = new String(in.readAllBytes(), StandardCharsets.US_ASCII).strip();
        }
        return PublicKeyEntry.parsePublicKeyEntry(line).resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING);
    }

    /** Writes the key file into the data folder byte for byte as ssh-keygen wrote it. */
    private void writeKey(String resource) throws IOException {
        Files.createDirectories(tmp.resolve("data"));
        try (InputStream in = SftpEd25519Test.class.getResourceAsStream(resource)) {
            Files.copy(in, tmp.resolve("data").resolve(resource));
        }
    }

    private void drop(String name, String text) throws IOException {
        Path folder = Files.createDirectories(server.root().resolve("in"));
        Path temporary = folder.resolve("." + name + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    private ConnectorFactory factory() {
        return new SftpConnectorFactory(Map.of("SFTP_PASSWORD", TestSftpServer.PASSWORD, "KEY_PASSPHRASE", PASSPHRASE)::get);
    }

    private void startSource(Map<String, Object> loginAndTrust) throws Exception {
        Map<String, Object> settings = new HashMap<>(Map.of("connect", server.address(), "user", TestSftpServer.USER,
                "folder", "in", "split", "lines", "poll", "50ms"));
        if (!loginAndTrust.containsKey("private_key")) settings.put("password_env", "SFTP_PASSWORD");
        settings.putAll(loginAndTrust);
        assertThat(SftpConnectorFactory.SOURCE.validate(settings)).isEmpty();
        ConnectorConfig config = ConnectorConfig.of(SftpConnectorFactory.SOURCE, settings);
        assertThat(factory().check(Role.SOURCE, config)).isEmpty();
        context = new TestConnectorContext("inbound", "source", Clock.systemUTC(), tmp.resolve("data"));
        source = factory().createSource(config, context);
        source.start(intake);
    }

    /** Sends one message through a destination with these settings (a new one per call). */
    private Outcome send(Map<String, Object> loginAndTrust, String path, long id, String payload) throws Exception {
        Map<String, Object> settings = new HashMap<>(Map.of("connect", server.address(), "user", TestSftpServer.USER, "path", path));
        settings.putAll(loginAndTrust);
        assertThat(SftpConnectorFactory.DESTINATION.validate(settings)).isEmpty();
        ConnectorConfig config = ConnectorConfig.of(SftpConnectorFactory.DESTINATION, settings);
        assertThat(factory().check(Role.DESTINATION, config)).isEmpty();
        if (destination != null) destination.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (destinationContext != null) destinationContext.close();
        destinationContext = new TestConnectorContext("outbound", "lab", Clock.systemUTC(), tmp.resolve("data"));
        destination = factory().createDestination(config, destinationContext);
        destination.start();
        return destination.send(TestMessages.outbound(id, payload.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Instant.now(), Map.of()));
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 20 s");
            Thread.sleep(20);
        }
    }
}
