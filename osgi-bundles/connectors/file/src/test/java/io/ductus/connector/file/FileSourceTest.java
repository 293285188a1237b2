package io.ductus.connector.file;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.Progress;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import io.ductus.sdk.files.FileFingerprint;
import io.ductus.sdk.files.FileProgress;
import io.ductus.sdk.files.ListedFile;
import io.ductus.sdk.records.Position;
import io.ductus.sdk.testkit.InMemoryIntake;
import io.ductus.sdk.testkit.TestConnectorContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
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

/** The file source on real files in a real folder, with the test kit's in-memory intake. */
class FileSourceTest {

    private static final String MSH = "MSH|^~\\&|LAB|X|DUCTUS|Y|20260101||ORU^R01|%s|P|2.5";

    @TempDir
    Path data;

    private Path in;
    private final InMemoryIntake intake = new InMemoryIntake();
    private TestConnectorContext context;
    private Source source;

    @BeforeEach
    void folder() throws Exception {
        in = Files.createDirectories(data.resolve("in"));
        context = new TestConnectorContext("files", "source", Clock.systemUTC(), data);
    }

    @AfterEach
    void stop() throws Exception {
        if (source != null) source.stop().toCompletableFuture().get(10, TimeUnit.SECONDS);
        context.close();
    }

    @Test
    void an_hl7_batch_file_becomes_one_message_per_msh_and_moves_to_done_with_origin_details() throws Exception {
        String first = MSH.formatted("1") + "\rPID|1||A\r";
        String second = MSH.formatted("2") + "\rPID|1||B\r";
        write("batch.hl7", "FHS|^~\\&\rBHS|^~\\&\r" + first + second + "BTS|2\rFTS|1\r");

        start(Map.of("split", "hl7"));

        awaitTrue(() -> Files.exists(in.resolve("done/batch.hl7")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly(first, second);
        assertThat(intake.stored().get(1).origin()).isEqualTo(Map.of("file", "batch.hl7", "record", "2", "line", "5"));
        assertThat(in.resolve("batch.hl7")).doesNotExist();
    }

    @Test
    void csv_rows_each_get_the_header_and_a_quoted_line_break_stays_inside_its_row() throws Exception {
        write("rows.csv", "id,note\n1,\"two\nlines\"\n2,plain\n");

        start(Map.of("split", "csv", "after", "delete"));

        awaitTrue(() -> !Files.exists(in.resolve("rows.csv")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("id,note\n1,\"two\nlines\"\n", "id,note\n2,plain\n");
        assertThat(in.resolve("done")).doesNotExist();
    }

    @Test
    void files_are_read_oldest_first_and_dot_files_and_other_names_are_left_alone() throws Exception {
        write("b.txt", "from b\n");
        write("a.txt", "from a\n");
        write("c.log", "not included\n");
        write(".d.txt", "hidden\n");
        Files.setLastModifiedTime(in.resolve("b.txt"), FileTime.fromMillis(1_000_000));
        Files.setLastModifiedTime(in.resolve("a.txt"), FileTime.fromMillis(2_000_000));

        start(Map.of("split", "lines", "include", "*.txt"));

        awaitTrue(() -> Files.exists(in.resolve("done/a.txt")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("from b", "from a");
        assertThat(in.resolve("c.log")).exists();
        assertThat(in.resolve(".d.txt")).exists();
    }

    @Test
    void with_a_ready_marker_a_file_waits_for_its_marker_and_the_marker_goes_with_it() throws Exception {
        write("a.hl7", MSH.formatted("1") + "\r");
        start(Map.of("split", "hl7", "ready_marker", ".ok"));
        awaitTrue(() -> context.statuses().stream().anyMatch(s -> s.startsWith("OK")));
        assertThat(intake.stored()).as("no marker yet").isEmpty();

        write("a.hl7.ok", "");

        awaitTrue(() -> Files.exists(in.resolve("done/a.hl7")));
        assertThat(intake.stored()).hasSize(1);
        assertThat(in.resolve("a.hl7.ok")).doesNotExist();
    }

    @Test
    void a_malformed_file_goes_to_the_error_folder_with_the_line_and_nothing_of_it_is_stored_while_the_next_file_is_read() throws Exception {
        write("bad.csv", "id,name\n1,ok\n2,\"never closed\n");
        write("good.csv", "id\n7\n");
        Files.setLastModifiedTime(in.resolve("bad.csv"), FileTime.fromMillis(1_000_000));

        start(Map.of("split", "csv"));

        awaitTrue(() -> Files.exists(in.resolve("done/good.csv")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("id\n7\n");
        assertThat(Files.readString(in.resolve("error/bad.csv.error.txt")))
                .startsWith("bad.csv: line 3: the quoted field that starts here has no closing quote");
        assertThat(context.statuses()).anyMatch(s -> s.startsWith("DEGRADED: bad.csv: line 3"));
    }

    @Test
    void a_file_too_big_to_take_whole_goes_to_the_error_folder() throws Exception {
        write("big.pdf", "x".repeat(100));
        write("small.pdf", "y".repeat(10));

        start(Map.of("split", "none", "max_file_size", 50));

        awaitTrue(() -> Files.exists(in.resolve("done/small.pdf")) && Files.exists(in.resolve("error/big.pdf")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("y".repeat(10));
        assertThat(Files.readString(in.resolve("error/big.pdf.error.txt"))).contains("the file is 100 bytes; split: none takes files up to max_file_size (50 bytes)");
    }

    @Test
    void resumes_from_the_saved_offset_of_an_unchanged_file() throws Exception {
        Path file = write("rows.csv", "id\n1\n2\n3\n4\n");
        ListedFile listed = listed(file);
        FileProgress afterTwo = FileProgress.start(listed, FileFingerprint.of(file)).advance(new Position(7, 4), 2, false);
        intake.saveProgress(new Progress(FileProgress.KEY, afterTwo.encode()));

        start(Map.of("split", "csv"));

        awaitTrue(() -> Files.exists(in.resolve("done/rows.csv")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("id\n3\n", "id\n4\n");
        assertThat(intake.stored().get(0).origin()).containsEntry("record", "3").containsEntry("line", "4");
    }

    @Test
    void starts_a_file_over_when_it_changed_since_the_progress_was_saved() throws Exception {
        Path file = write("rows.csv", "id\n1\n2\n3\n4\n");
        ListedFile listed = listed(file);
        FileProgress old = FileProgress.start(listed, "0000000000000000").advance(new Position(7, 4), 2, false);
        intake.saveProgress(new Progress(FileProgress.KEY, old.encode()));

        start(Map.of("split", "csv"));

        awaitTrue(() -> Files.exists(in.resolve("done/rows.csv")));
        assertThat(intake.stored()).hasSize(4);
    }

    @Test
    void a_file_whose_last_batch_was_stored_is_moved_without_being_read_again() throws Exception {
        Path file = write("rows.csv", "id\n1\n");
        FileProgress done = FileProgress.start(listed(file), FileFingerprint.of(file)).advance(new Position(5, 3), 1, true);
        intake.saveProgress(new Progress(FileProgress.KEY, done.encode()));

        start(Map.of("split", "csv"));

        awaitTrue(() -> Files.exists(in.resolve("done/rows.csv")));
        assertThat(intake.stored()).isEmpty();
    }

    @Test
    void when_storing_fails_the_file_stays_and_is_read_at_the_next_poll() throws Exception {
        intake.failNext(1, "database is unavailable");
        write("a.txt", "one\ntwo\n");

        start(Map.of("split", "lines"));

        awaitTrue(() -> Files.exists(in.resolve("done/a.txt")));
        assertThat(intake.storedText(StandardCharsets.UTF_8)).containsExactly("one", "two");
        assertThat(context.statuses()).anyMatch(s -> s.contains("storing failed, retrying at the next poll: database is unavailable"));
    }

    private void start(Map<String, Object> settings) throws Exception {
        Map<String, Object> all = new HashMap<>(Map.of("folder", "in", "poll", "20ms"));
        all.putAll(settings);
        FileConnectorFactory factory = new FileConnectorFactory();
        assertThat(FileConnectorFactory.SOURCE.validate(all)).isEmpty();
        ConnectorConfig config = ConnectorConfig.of(FileConnectorFactory.SOURCE, all);
        assertThat(factory.check(io.ductus.sdk.Role.SOURCE, config)).isEmpty();
        source = factory.createSource(config, context);
        source.start(intake);
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(in.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static ListedFile listed(Path file) throws Exception {
        return new ListedFile(file.getFileName().toString(), Files.size(file), Files.getLastModifiedTime(file).toMillis());
    }

    /** Polls until true, up to a deadline (the source works on its own thread). */
    private static void awaitTrue(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("condition met within 10 s").isLessThan(deadline);
            Thread.sleep(10);
        }
    }
}
