package io.ductus.connector.sftp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.FencedMessage;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.sdk.testkit.TestMessages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SFTP destination against the in-process SSHD server: whole files, folders made when missing, nothing left behind. */
class SftpDestinationTest {

    @TempDir
    Path tmp;

    private TestSftpServer server;
    private TestConnectorContext context;
    private Destination destination;

    @BeforeEach
    void start() throws Exception {
        server = TestSftpServer.start(tmp.resolve("remote"));
        ConnectorConfig config = ConnectorConfig.of(SftpConnectorFactory.DESTINATION, Map.of("connect", server.address(),
                "user", TestSftpServer.USER, "password_env", "SFTP_PASSWORD", "host_key", server.fingerprint(),
                "path", "out/{id}.txt"));
        context = new TestConnectorContext("outbound", "archive", Clock.systemUTC(), tmp.resolve("data"));
        destination = new SftpConnectorFactory(Map.of("SFTP_PASSWORD", TestSftpServer.PASSWORD)::get).createDestination(config, context);
        destination.start();
    }

    @AfterEach
    void stop() throws Exception {
        destination.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        context.close();
        server.close();
    }

    @Test
    void makes_a_missing_folder_again_replaces_a_resent_file_and_leaves_no_temporary_files() throws Exception {
        assertThat(send(1, "first").kind()).isEqualTo(Outcome.Kind.SENT);
        Files.delete(server.root().resolve("out/1.txt"));
        Files.delete(server.root().resolve("out")); // removed while the destination runs
        assertThat(send(2, "second").kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(send(2, "again").kind()).isEqualTo(Outcome.Kind.SENT);

        assertThat(server.root().resolve("out/2.txt")).hasContent("again");
        assertThat(names(server.root().resolve("out"))).containsExactly("2.txt");
    }

    @Test
    void a_rename_that_fails_means_retry_and_leaves_no_temporary_file() throws Exception {
        Files.createDirectories(server.root().resolve("out/3.txt/occupied")); // a non-empty folder where the file should go

        Outcome outcome = send(3, "x");

        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(names(server.root().resolve("out"))).containsExactly("3.txt");
    }

    /**
     * Another engine takes the interface over while this one opens its session: the fence, checked once the session
     * is open, refuses, and the server has nothing of the message, not even its folder.
     */
    @Test
    void a_fence_refusing_after_the_session_opened_writes_nothing() throws Exception {
        FencedMessage taken = TestMessages.fenced(message(4, "x"), () -> {
            assertThat(server.logins()).as("the session is open before the check").isEqualTo(1);
            return false;
        });

        assertThatThrownBy(() -> destination.send(taken)).isInstanceOf(NoLongerOwnedException.class);
        assertThat(taken.checks()).isEqualTo(1);
        assertThat(server.root().resolve("out")).doesNotExist();
    }

    /**
     * Frozen while the file was written, then refused right before the rename that makes it seen: the server keeps
     * the message's earlier file as it was, and the temporary file is removed.
     */
    @Test
    void a_fence_refusing_before_the_rename_leaves_no_file() throws Exception {
        assertThat(send(5, "first").kind()).isEqualTo(Outcome.Kind.SENT);
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<String> temporaryAtTheCheck = new java.util.concurrent.CopyOnWriteArrayList<>();
        FencedMessage taken = TestMessages.fenced(message(5, "again"), () -> {
            if (asked.incrementAndGet() == 1) return true;
            try {
                names(server.root().resolve("out")).filter(n -> n.startsWith(".")).forEach(temporaryAtTheCheck::add);
            } catch (Exception e) {
                throw new AssertionError(e);
            }
            return false;
        });

        assertThatThrownBy(() -> destination.send(taken)).isInstanceOf(NoLongerOwnedException.class);
        assertThat(taken.checks()).isEqualTo(2);
        assertThat(temporaryAtTheCheck).singleElement().asString().startsWith(".5.txt.ductus-");
        assertThat(server.root().resolve("out/5.txt")).hasContent("first");
        assertThat(names(server.root().resolve("out"))).containsExactly("5.txt");
        assertThat(send(6, "next").kind()).as("the session stays usable").isEqualTo(Outcome.Kind.SENT);
    }

    private static io.ductus.sdk.OutboundMessage message(long id, String payload) {
        return TestMessages.outbound(id, payload.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8, Instant.now(), Map.of());
    }

    private Outcome send(long id, String payload) throws InterruptedException {
        return destination.send(TestMessages.outbound(id, payload.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8,
                Instant.now(), Map.of()));
    }

    private static Stream<String> names(Path folder) throws Exception {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).toList().stream();
        }
    }
}
