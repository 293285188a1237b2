package io.ductus.connector.sftp;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Progress;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.files.FileFingerprint;
import io.ductus.sdk.files.FileProgress;
import io.ductus.sdk.files.ListedFile;
import io.ductus.sdk.records.Position;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SFTP source against the in-process SSHD server: host keys, login, moving after the last batch, resuming. */
class SftpSourceTest {

    @TempDir
    Path tmp;

    private TestSftpServer server;
    private final InMemoryIntake intake = new InMemoryIntake();
    private TestConnectorContext context;
    private Source source;

    @BeforeEach
    void start() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        context = new TestConnectorContext("inbound", "source", Clock.systemUTC(), tmp.resolve("data"));
        Files.createDirectories(server.root().resolve("in"));
    }

    @AfterEach
    void stop() throws Exception {
        intake.release();
        if (source != null) source.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        context.close();
        server.close();
    }

    @Test
    void refuses_a_server_whose_host_key_is_not_in_known_hosts_and_says_which_key_it_showed() throws Exception {
        Files.createDirectories(tmp.resolve("data"));
        Files.writeString(tmp.resolve("data/known_hosts"), "");
        drop("a.txt", "one\n");
        startSource(Map.of("known_hosts", "known_hosts"));

        waitUntil(() -> context.statuses().stream().anyMatch(s -> s.startsWith("DEGRADED")));
        assertThat(context.statuses()).last().asString()
                .contains("the host key of " + server.address()).contains(server.fingerprint())
                .contains("is not in known_hosts").contains("pin it with host_key");
        assertThat(intake.submittedCount()).isZero();
        assertThat(server.root().resolve("in/a.txt")).exists();
    }

    @Test
    void refuses_a_server_whose_host_key_is_not_the_pinned_one() throws Exception {
        startSource(Map.of("host_key", "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8"));

        waitUntil(() -> context.statuses().stream().anyMatch(s -> s.startsWith("DEGRADED")));
        assertThat(context.statuses()).last().asString()
                .contains("not the pinned host_key SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8");
    }

    @Test
    void logs_in_with_a_private_key_and_moves_each_file_to_done_after_storing_it() throws Exception {
        Files.createDirectories(tmp.resolve("data"));
        server.writeClientKey(tmp.resolve("data/id_rsa"));
        drop("b.txt", "three\nfour\n");
        Map<String, Object> settings = new HashMap<>(settings(Map.of("host_key", server.fingerprint())));
        settings.remove("password_env");
        settings.put("private_key", "id_rsa");
        startSourceWith(settings);

        assertThat(intake.awaitStored(2, 20, TimeUnit.SECONDS)).isTrue();
        waitUntil(() -> Files.exists(server.root().resolve("in/done/b.txt")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("three", "four");
        assertThat(server.root().resolve("in/b.txt")).doesNotExist();
    }

    @Test
    void logs_in_with_the_password_the_engine_put_in_for_a_secret_reference() throws Exception {
        drop("d.txt", "five\n");
        Map<String, Object> written = new HashMap<>(settings(Map.of("host_key", server.fingerprint())));
        written.remove("password_env");
        written.put("password", "${secret:LAB_SFTP}");
        SftpConnectorFactory factory = new SftpConnectorFactory(name -> null);
        assertThat(factory.check(Role.SOURCE, ConnectorConfig.of(SftpConnectorFactory.SOURCE, written))).isEmpty();

        Map<String, Object> resolved = new HashMap<>(written);
        resolved.put("password", TestSftpServer.PASSWORD); // what the engine hands the connector
        source = factory.createSource(ConnectorConfig.of(SftpConnectorFactory.SOURCE, resolved), context);
        source.start(intake);

        assertThat(intake.awaitStored(1, 20, TimeUnit.SECONDS)).isTrue();
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("five");
    }

    @Test
    void moves_the_remote_file_only_after_its_last_batch_committed() throws Exception {
        intake.hold();
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 700; i++) lines.append("line ").append(i).append('\n');
        drop("big.txt", lines.toString());
        startSource(Map.of("host_key", server.fingerprint()));

        assertThat(intake.awaitSubmitted(500, 20, TimeUnit.SECONDS)).isTrue();
        Thread.sleep(200);
        assertThat(server.root().resolve("in/big.txt")).as("still there while its batches wait").exists();

        intake.release();
        assertThat(intake.awaitStored(700, 20, TimeUnit.SECONDS)).isTrue();
        waitUntil(() -> Files.exists(server.root().resolve("in/done/big.txt")));
        assertThat(intake.commits()).extracting(InMemoryIntake.Commit::records).containsExactly(500, 200);
    }

    @Test
    void resumes_from_the_saved_offset_when_the_remote_file_is_unchanged() throws Exception {
        Path file = drop("c.txt", "one\ntwo\nthree\nfour\n");
        ListedFile listed = new ListedFile("c.txt", Files.size(file), Files.getLastModifiedTime(file).to(TimeUnit.SECONDS) * 1000);
        FileProgress afterTwo = FileProgress.start(listed, FileFingerprint.of(file)).advance(new Position(8, 3), 2, false);
        intake.saveProgress(new Progress(FileProgress.KEY, afterTwo.encode()));
        startSource(Map.of("host_key", server.fingerprint()));

        assertThat(intake.awaitStored(2, 20, TimeUnit.SECONDS)).isTrue();
        waitUntil(() -> Files.exists(server.root().resolve("in/done/c.txt")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("three", "four");
    }

    @Test
    void a_malformed_file_goes_to_the_error_folder_whole_with_a_note_and_the_status_says_so() throws Exception {
        drop("bad.hl7", "this is not a segment\r\nMSH|^~\\&|A|B|C|D|2026||ADT^A01|M1|P|2.5\rPID|1||P1\r");
        Map<String, Object> settings = new HashMap<>(settings(Map.of("host_key", server.fingerprint())));
        settings.put("split", "hl7");
        startSourceWith(settings);

        waitUntil(() -> Files.exists(server.root().resolve("in/error/bad.hl7.error.txt")));
        assertThat(Files.readString(server.root().resolve("in/error/bad.hl7.error.txt"))).startsWith("bad.hl7: ");
        assertThat(intake.submittedCount()).as("nothing of a malformed file is stored").isZero();
        waitUntil(() -> context.statuses().getLast().startsWith("DEGRADED: bad.hl7: "));
        assertThat(context.statuses().getLast()).endsWith("(moved to in/error)");
    }

    @Test
    void a_server_that_cannot_be_reached_turns_the_source_degraded() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Map<String, Object> settings = new HashMap<>(settings(Map.of("host_key", server.fingerprint())));
        settings.put("connect", "127.0.0.1:" + closedPort);
        startSourceWith(settings);

        waitUntil(() -> context.statuses().stream().anyMatch(s -> s.startsWith("DEGRADED")));
        assertThat(context.statuses()).last().asString().startsWith("DEGRADED: cannot connect to 127.0.0.1:" + closedPort);
    }

    /** A file written under a dot-name and renamed into the remote folder, as a careful sender does. */
    private Path drop(String name, String text) throws Exception {
        Path temporary = server.root().resolve("in/." + name + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        return Files.move(temporary, server.root().resolve("in/" + name), StandardCopyOption.ATOMIC_MOVE);
    }

    private Map<String, Object> settings(Map<String, Object> trust) {
        Map<String, Object> settings = new HashMap<>(Map.of("connect", server.address(), "user", TestSftpServer.USER,
                "password_env", "SFTP_PASSWORD", "folder", "in", "split", "lines", "poll", "50ms"));
        settings.putAll(trust);
        return settings;
    }

    private void startSource(Map<String, Object> trust) throws Exception {
        startSourceWith(settings(trust));
    }

    private void startSourceWith(Map<String, Object> settings) throws Exception {
        SftpConnectorFactory factory = new SftpConnectorFactory(Map.of("SFTP_PASSWORD", TestSftpServer.PASSWORD)::get);
        assertThat(SftpConnectorFactory.SOURCE.validate(settings)).isEmpty();
        ConnectorConfig config = ConnectorConfig.of(SftpConnectorFactory.SOURCE, settings);
        assertThat(factory.check(Role.SOURCE, config)).isEmpty();
        source = factory.createSource(config, context);
        source.start(intake);
    }

    private static void waitUntil(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within 20 s");
            Thread.sleep(20);
        }
    }
}
