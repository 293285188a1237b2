package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of sources that read records in order and save how far they got (files, SFTP, database
 * readers) through {@link Intake#submitBatch}. Extend it and say how input with numbered records reaches
 * your source; the tests prove that batches hold at most {@link Intake#MAX_BATCH} records, that progress
 * only moves with stored records (a source stopped midway and started again neither skips nor repeats a
 * record), and that a failed batch changes nothing and is read again, and neither does any batch read
 * ahead of it ({@link Intake#submitBatchAfter}).
 */
public abstract class BatchedSourceContract {

    /** How long the contract waits for records to be stored. */
    protected static final long STORE_WAIT_S = 30;

    protected InMemoryIntake intake;
    protected TestConnectorContext context;
    protected Path dataDirectory;
    private final List<Source> started = new ArrayList<>();

    /** The factory under test. */
    protected abstract ConnectorFactory factory();

    /** Source settings for one test, as interface.yaml gives them; poll often (50ms or so) to keep tests short. */
    protected abstract Map<String, Object> sourceSettings() throws Exception;

    /** Makes input with records numbered 1 to {@code count} available to the source (for example a file in its folder). */
    protected abstract void offer(int count) throws Exception;

    /** The number (from 1) of the record a stored message holds. */
    protected abstract int recordNumber(InboundMessage stored);

    @BeforeEach
    void prepare() throws Exception {
        dataDirectory = Files.createTempDirectory("ductus-testkit");
        intake = new InMemoryIntake();
        context = new TestConnectorContext("contract", "source", Clock.systemUTC(), dataDirectory);
    }

    @AfterEach
    void stopSources() throws Exception {
        intake.release();
        for (Source s : started) s.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        context.close();
    }

    @Test
    public void stores_every_record_once_in_order_in_batches_of_at_most_500() throws Exception {
        startSource();
        offer(1234);

        assertThat(intake.awaitStored(1234, STORE_WAIT_S, TimeUnit.SECONDS)).as("all 1234 records stored").isTrue();
        assertThat(numbers()).isEqualTo(oneTo(1234));
        assertThat(intake.commits()).allSatisfy(c -> assertThat(c.records()).isBetween(1, Intake.MAX_BATCH));
        assertThat(intake.commits().stream().mapToInt(InMemoryIntake.Commit::records).sum()).isEqualTo(1234);
    }

    @Test
    public void progress_advances_only_with_stored_records_so_a_restart_midway_neither_skips_nor_repeats() throws Exception {
        Source first = startSource();
        intake.hold();
        offer(1500);
        assertThat(intake.awaitSubmitted(1, STORE_WAIT_S, TimeUnit.SECONDS)).as("a first batch was submitted").isTrue();

        var stopping = first.stop().toCompletableFuture();
        intake.release();
        stopping.get(30, TimeUnit.SECONDS);
        int storedBeforeRestart = intake.stored().size();
        assertThat(numbers()).as("what the stopped source stored").isEqualTo(oneTo(storedBeforeRestart));

        startSource();
        assertThat(intake.awaitStored(1500, STORE_WAIT_S, TimeUnit.SECONDS)).as("the new source stored the rest").isTrue();
        assertThat(numbers()).isEqualTo(oneTo(1500));
    }

    @Test
    public void a_failed_batch_changes_nothing_and_its_records_are_read_again() throws Exception {
        intake.failNext(1, "database is unavailable");
        startSource();
        offer(1200);

        assertThat(intake.awaitStored(1200, STORE_WAIT_S, TimeUnit.SECONDS)).as("all 1200 records stored").isTrue();
        assertThat(intake.submittedCount()).as("the failed batch was submitted, then read again").isGreaterThan(1200);
        assertThat(numbers()).isEqualTo(oneTo(1200));
    }

    @Test
    public void a_batch_failing_midway_stores_nothing_after_it_until_it_is_read_again() throws Exception {
        startSource();
        intake.hold();
        offer(1500);
        assertThat(intake.awaitSubmitted(1, STORE_WAIT_S, TimeUnit.SECONDS)).as("a first batch was submitted").isTrue();
        intake.failNext(1, "database is unavailable"); // the batch after the held one

        intake.release();

        assertThat(intake.awaitStored(1500, STORE_WAIT_S, TimeUnit.SECONDS)).as("all 1500 records stored").isTrue();
        assertThat(numbers()).as("every record once, in order: nothing read after the failed batch was kept")
                .isEqualTo(oneTo(1500));
    }

    /** Starts a new source of the factory on the test's intake, as the engine does after a restart. */
    protected Source startSource() throws Exception {
        ConnectorType type = factory().type();
        assertThat(type.has(Role.SOURCE)).as("%s has the source role", type.name()).isTrue();
        Map<String, Object> settings = sourceSettings();
        assertThat(type.sourceSchema().validate(settings)).as("the test's settings are valid").isEmpty();
        Source source = factory().createSource(ConnectorConfig.of(type.sourceSchema(), settings), context);
        source.start(intake);
        started.add(source);
        return source;
    }

    private List<Integer> numbers() {
        return intake.stored().stream().map(this::recordNumber).toList();
    }

    private static List<Integer> oneTo(int count) {
        return IntStream.rangeClosed(1, count).boxed().toList();
    }
}
