package io.ductus.connector.sftp;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Destination;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.sdk.testkit.TestMessages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a partner's real server (OpenSSH) asks of the connector beyond the basics: several host keys of which
 * the settings know one, a session kept from poll to poll, temporary files a crash left behind, a folder
 * that is not there, and the engine user's own ~/.ssh/config left alone.
 */
class SftpPartnerServerTest {

    @TempDir
    Path tmp;

    private TestSftpServer server;
    private final InMemoryIntake intake = new InMemoryIntake();
    private TestConnectorContext context;
    private Source source;
    private Destination destination;

    @AfterEach
    void stop() throws Exception {
        intake.release();
        if (source != null) source.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (destination != null) destination.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (context != null) context.close();
        if (server != null) server.close();
    }

    /** A server with an Ed25519 and an RSA host key, as OpenSSH has; SSHD negotiates Ed25519 unless told otherwise. */
    private TestSftpServer twoHostKeys() throws Exception {
        SshdBouncyCastle.register();
        KeyPair ed25519 = KeyUtils.generateKeyPair(org.apache.sshd.common.keyprovider.KeyPairProvider.SSH_ED25519, 256);
        KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
        rsa.initialize(2048);
        return TestSftpServer.startWithHostKeys(tmp.resolve("remote"), ed25519, rsa.generateKeyPair());
    }

    private static PublicKey ofType(TestSftpServer server, String type) {
        return server.hostKeys().stream().filter(k -> KeyUtils.getKeyType(k).equals(type)).findFirst().orElseThrow();
    }

    @Test
    void a_known_hosts_entry_for_any_one_of_the_servers_host_keys_is_trusted_as_openssh_trusts_it() throws Exception {
        server = twoHostKeys();
        Files.createDirectories(tmp.resolve("data"));
        server.writeKnownHosts(tmp.resolve("data/known_hosts"), ofType(server, "ssh-rsa"));
        drop("a.txt", "one\n");
        startSource(Map.of("known_hosts", "known_hosts"));

        assertThat(intake.awaitStored(1, 20, TimeUnit.SECONDS)).as("statuses: %s", context.statuses()).isTrue();
        assertThat(context.statuses()).noneMatch(s -> s.contains("impostor"));
    }

    @Test
    void a_pinned_host_key_may_be_any_one_of_the_servers_keys() throws Exception {
        server = twoHostKeys();
        String rsa = KeyUtils.getFingerPrint(ofType(server, "ssh-rsa"));
        assertThat(send(Map.of("host_key", rsa), "out/{id}.txt", 1, "x").kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(send(Map.of("host_key", rsa), "out/{id}.txt", 2, "y").kind()).as("again, asking for RSA first now")
                .isEqualTo(Outcome.Kind.SENT);

        Outcome none = send(Map.of("host_key", "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8"), "out/{id}.txt", 3, "z");
        assertThat(none.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(none.detail()).contains("showed no host key with the pinned host_key")
                .contains(KeyUtils.getFingerPrint(ofType(server, "ssh-ed25519"))).contains(rsa);
    }

    @Test
    void the_source_keeps_its_session_from_poll_to_poll_and_opens_another_when_the_server_drops_it() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        Files.createDirectories(server.root().resolve("in"));
        startSource(Map.of("host_key", server.fingerprint()));
        drop("a.txt", "one\n");
        assertThat(intake.awaitStored(1, 20, TimeUnit.SECONDS)).isTrue();
        for (int i = 2; i <= 4; i++) {
            drop("f" + i + ".txt", "line " + i + "\n");
            assertThat(intake.awaitStored(i, 20, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(server.logins()).as("one login for every poll of the test").isEqualTo(1);

        server.dropSessions();
        drop("after.txt", "after\n");
        assertThat(intake.awaitStored(5, 20, TimeUnit.SECONDS)).isTrue();
        assertThat(server.logins()).isEqualTo(2);
        assertThat(context.statuses()).as("an idle session the server closed is no trouble to report").noneMatch(s -> s.startsWith("DEGRADED"));
    }

    @Test
    void a_remote_folder_that_is_not_there_is_named_in_plain_words() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        startSource(Map.of("host_key", server.fingerprint()));
        waitUntil(() -> context.statuses().stream().anyMatch(s -> s.startsWith("DEGRADED")));
        assertThat(context.statuses()).last().asString().isEqualTo("DEGRADED: the remote folder 'in' does not exist for ductus@"
                + server.address() + " (a relative folder starts at the login's home folder): create it there, or correct folder:");
    }

    @Test
    void temporary_files_an_earlier_write_of_this_destination_left_are_removed_and_others_kept() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        Path out = Files.createDirectories(server.root().resolve("out"));
        String ours = ".7.txt.ductus-outbound.lab-" + UUID.randomUUID() + ".tmp";
        String anotherInterfaces = ".8.txt.ductus-billing.lab-" + UUID.randomUUID() + ".tmp";
        Files.writeString(out.resolve(ours), "half a mess");
        Files.writeString(out.resolve(anotherInterfaces), "being written");
        Files.writeString(out.resolve(".partner-own.tmp"), "theirs");

        assertThat(send(Map.of("host_key", server.fingerprint()), "out/{id}.txt", 9, "whole").kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(names(out)).containsExactlyInAnyOrder("9.txt", anotherInterfaces, ".partner-own.tmp");
    }

    @Test
    void the_engine_users_ssh_config_is_read_only_when_a_setting_names_it() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        Files.createDirectories(server.root().resolve("in"));
        // The module's tests run with user.home in target/ (pom.xml): its ~/.ssh/config sends 127.0.0.1 nowhere.
        Path home = Path.of(System.getProperty("user.home"));
        assertThat(home.toString()).as("the tests' own home folder").contains("target");
        Files.createDirectories(home.resolve(".ssh"));
        Files.writeString(home.resolve(".ssh/config"), "Host 127.0.0.1\n  HostName 127.0.0.2\n"); // where nothing listens
        try {
            assertThat(send(Map.of("host_key", server.fingerprint()), "out/{id}.txt", 1, "x").kind()).isEqualTo(Outcome.Kind.SENT);
            Outcome told = send(Map.of("host_key", server.fingerprint(), "ssh_config", "~/.ssh/config"), "out/{id}.txt", 2, "y");
            assertThat(told.kind()).as("the setting makes it apply").isEqualTo(Outcome.Kind.RETRY);
        } finally {
            Files.delete(home.resolve(".ssh/config"));
        }
    }

    // ------------------------------------------------------------------------------------------------

    private void drop(String name, String text) throws Exception {
        Path folder = Files.createDirectories(server.root().resolve("in"));
        Path temporary = folder.resolve("." + name + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
    }

    private SftpConnectorFactory factory() {
        return new SftpConnectorFactory(Map.of("SFTP_PASSWORD", TestSftpServer.PASSWORD)::get);
    }

    private void startSource(Map<String, Object> trust) throws Exception {
        Map<String, Object> settings = new HashMap<>(Map.of("connect", server.address(), "user", TestSftpServer.USER,
                "password_env", "SFTP_PASSWORD", "folder", "in", "split", "lines", "poll", "50ms"));
        settings.putAll(trust);
        ConnectorConfig config = ConnectorConfig.of(SftpConnectorFactory.SOURCE, settings);
        assertThat(factory().check(Role.SOURCE, config)).isEmpty();
        context = new TestConnectorContext("inbound", "source", Clock.systemUTC(), tmp.resolve("data"));
        source = factory().createSource(config, context);
        source.start(intake);
    }

    /** Sends one message through a new destination of interface outbound, destination lab. */
    private Outcome send(Map<String, Object> trust, String path, long id, String payload) throws Exception {
        Map<String, Object> settings = new HashMap<>(Map.of("connect", server.address(), "user", TestSftpServer.USER,
                "password_env", "SFTP_PASSWORD", "path", path, "timeout", "2s"));
        settings.putAll(trust);
        ConnectorConfig config = ConnectorConfig.of(SftpConnectorFactory.DESTINATION, settings);
        assertThat(factory().check(Role.DESTINATION, config)).isEmpty();
        if (destination != null) destination.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        if (context != null) context.close();
        context = new TestConnectorContext("outbound", "lab", Clock.systemUTC(), tmp.resolve("data"));
        destination = factory().createDestination(config, context);
        destination.start();
        return destination.send(TestMessages.outbound(id, payload.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8,
                Instant.now(), Map.of()));
    }

    private static List<String> names(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 20 s");
            Thread.sleep(20);
        }
    }
}
