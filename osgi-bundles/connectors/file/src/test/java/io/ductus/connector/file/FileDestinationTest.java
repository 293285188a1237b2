package io.ductus.connector.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.sdk.Role;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.testkit.FencedMessage;
import io.ductus.sdk.testkit.TestConnectorContext;
import io.ductus.sdk.testkit.TestMessages;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileDestinationTest {

    @TempDir
    Path data;

    private final FileConnectorFactory factory = new FileConnectorFactory();

    @Test
    void writes_the_exact_bytes_to_the_templated_path_creating_folders() throws Exception {
        byte[] payload = "MSH|^~\\&|A\rPID|1||µ\r".getBytes(StandardCharsets.UTF_8);
        Outcome outcome = destination("out/{received:yyyyMMdd}/{MSH-10}-{id}.hl7")
                .send(message(42, payload, Map.of("MSH-10", "CTRL1")));

        Path file = data.resolve("out/20261129/CTRL1-42.hl7");
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(outcome.detail()).isEqualTo(file.toString());
        assertThat(Files.readAllBytes(file)).isEqualTo(payload);
    }

    @ParameterizedTest
    @CsvSource({"'\n'", "'\r\n'", "'\r'"})
    void keeps_the_segment_ends_as_they_came_unlike_an_mllp_destination(String end) throws Exception {
        String lineEnd = end.replace("\\n", "\n").replace("\\r", "\r");
        byte[] payload = ("MSH|^~\\&|A" + lineEnd + "PID|1||7" + lineEnd + lineEnd).getBytes(StandardCharsets.UTF_8);
        destination("out/{id}.hl7").send(message(5, payload, Map.of()));
        assertThat(Files.readAllBytes(data.resolve("out/5.hl7"))).isEqualTo(payload);
    }

    @Test
    void two_messages_with_the_same_control_id_keep_two_files() throws Exception {
        Destination d = destination("out/{MSH-10}-{id}.hl7");
        d.send(message(1, "a".getBytes(), Map.of("MSH-10", "SAME")));
        d.send(message(2, "b".getBytes(), Map.of("MSH-10", "SAME")));
        assertThat(data.resolve("out/SAME-1.hl7")).hasContent("a");
        assertThat(data.resolve("out/SAME-2.hl7")).hasContent("b");
    }

    @Test
    void a_resent_message_replaces_its_own_file_and_leaves_no_temporary_files() throws Exception {
        Destination d = destination("out/{id}.txt");
        d.send(message(7, "first".getBytes(), Map.of()));
        d.send(message(7, "again".getBytes(), Map.of()));
        assertThat(data.resolve("out/7.txt")).hasContent("again");
        try (Stream<Path> files = Files.list(data.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("7.txt");
        }
    }

    @Test
    void a_folder_removed_while_running_is_made_again() throws Exception {
        Destination d = destination("out/{id}.txt");
        d.send(message(1, "first".getBytes(), Map.of()));
        Files.delete(data.resolve("out/1.txt"));
        Files.delete(data.resolve("out"));
        assertThat(d.send(message(2, "second".getBytes(), Map.of())).kind()).isEqualTo(Outcome.Kind.SENT);
        assertThat(data.resolve("out/2.txt")).hasContent("second");
    }

    @Test
    void a_rename_that_fails_means_retry_and_leaves_no_temporary_file() throws Exception {
        Files.createDirectories(data.resolve("out/3.txt/occupied")); // a non-empty folder where the file should go
        Outcome outcome = destination("out/{id}.txt").send(message(3, "x".getBytes(), Map.of()));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        try (Stream<Path> files = Files.list(data.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("3.txt");
        }
    }

    @Test
    void a_field_value_cannot_climb_out_of_the_folder() throws Exception {
        destination("out/{MSH-10}.hl7").send(message(1, "x".getBytes(), Map.of("MSH-10", "../../etc/passwd")));
        assertThat(data.resolve("out/.._.._etc_passwd.hl7")).exists();
    }

    @Test
    void a_missing_field_quarantines_with_the_field_named() throws Exception {
        Outcome outcome = destination("out/{PID-3.1}.hl7").send(message(1, "x".getBytes(), Map.of()));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.QUARANTINE);
        assertThat(outcome.detail()).contains("{PID-3.1}");
    }

    @Test
    void a_folder_it_cannot_write_means_retry() throws Exception {
        Files.writeString(data.resolve("blocked"), "a file where a folder should be");
        Outcome outcome = destination("blocked/{id}.hl7").send(message(1, "x".getBytes(), Map.of()));
        assertThat(outcome.kind()).isEqualTo(Outcome.Kind.RETRY);
        assertThat(outcome.detail()).contains("blocked");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            out/{MSH-10.hl7         | is not closed
            out/MSH-10}.hl7         | has no matching '{'
            out/{}.hl7              | empty placeholder
            out/{received:qqqqqq}   | not a date pattern
            """)
    void checks_the_template_when_validating(String path, String reason) {
        ConnectorConfig config = ConnectorConfig.of(FileConnectorFactory.TYPE.destinationSchema(), Map.of("path", path));
        assertThat(factory.check(Role.DESTINATION, config)).singleElement()
                .satisfies(p -> assertThat(p.field()).isEqualTo("path"))
                .satisfies(p -> assertThat(p.message()).contains(reason));
    }

    /**
     * Another engine takes the interface over while the file is written: the fence, checked again right before the
     * rename that makes the file seen, refuses; the earlier file of the same message stays as it was, and the
     * temporary file goes.
     */
    @Test
    void a_fence_refusing_before_the_rename_leaves_no_file() throws Exception {
        Destination d = destination("out/{id}.txt");
        assertThat(d.send(message(7, "first".getBytes(), Map.of())).kind()).isEqualTo(Outcome.Kind.SENT);
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<String> writtenAtTheCheck = new java.util.concurrent.CopyOnWriteArrayList<>();
        FencedMessage taken = TestMessages.fenced(message(7, "again".getBytes(), Map.of()), () -> {
            if (asked.incrementAndGet() == 1) return true;
            try (Stream<Path> files = Files.list(data.resolve("out"))) { // the temporary file is written by now
                files.filter(f -> f.getFileName().toString().startsWith(".")).forEach(f -> writtenAtTheCheck.add(read(f)));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            return false;
        });

        assertThatThrownBy(() -> d.send(taken)).isInstanceOf(NoLongerOwnedException.class);
        assertThat(taken.checks()).isEqualTo(2);
        assertThat(writtenAtTheCheck).containsExactly("again");
        assertThat(data.resolve("out/7.txt")).hasContent("first");
        try (Stream<Path> files = Files.list(data.resolve("out"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("7.txt");
        }
    }

    @Test
    void a_fence_refusing_at_once_makes_no_file_and_no_folder() throws Exception {
        FencedMessage taken = TestMessages.fenced(message(8, "x".getBytes(), Map.of()), () -> false);
        assertThatThrownBy(() -> destination("out/{id}.txt").send(taken)).isInstanceOf(NoLongerOwnedException.class);
        assertThat(data.resolve("out")).doesNotExist();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Destination destination(String path) {
        return factory.createDestination(ConnectorConfig.of(FileConnectorFactory.TYPE.destinationSchema(),
                Map.of("path", path)), new TestConnectorContext("if", "archive", Clock.systemUTC(), data));
    }

    private static OutboundMessage message(long id, byte[] payload, Map<String, String> fields) {
        return new OutboundMessage() {
            public long messageId() { return id; }
            public String interfaceName() { return "if"; }
            public String destinationName() { return "archive"; }
            public byte[] payload() { return payload; }
            public Charset charset() { return StandardCharsets.UTF_8; }
            public Instant receivedAt() { return Instant.parse("2026-11-29T23:59:00Z"); }
            public Optional<String> field(String path) { return Optional.ofNullable(fields.get(path)); }
        };
    }
}
