package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Intake;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of sources that make messages on their own timing rather than a sender's (schedules):
 * each run is stored together with the source's progress ({@link Intake#submitBatch}), a restarted source
 * does not repeat a run it saved, no run is made while an earlier message is still pending
 * ({@link Intake#hasPendingMessages}), and a stopped source makes no more runs. Runs on the system clock:
 * give settings that run about every second.
 *
 * @since 1.1
 */
public abstract class TimedSourceContract {

    protected InMemoryIntake intake;
    protected TestConnectorContext context;
    private final List<Source> started = new ArrayList<>();

    /** The factory under test. */
    protected abstract ConnectorFactory factory();

    /** Source settings that make a run about every {@link #interval()}. */
    protected abstract Map<String, Object> sourceSettings();

    /** How often the settings make a run. */
    protected Duration interval() {
        return Duration.ofSeconds(1);
    }

    @BeforeEach
    void prepare() throws Exception {
        Path dataDirectory = Files.createTempDirectory("ductus-testkit");
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
    public void stores_each_run_with_its_progress_in_one_commit() throws Exception {
        startSource();

        assertThat(intake.awaitStored(2, waitSeconds(3), TimeUnit.SECONDS)).as("two runs stored").isTrue();
        assertThat(intake.commits()).hasSizeGreaterThanOrEqualTo(2).allSatisfy(c -> {
            assertThat(c.records()).isBetween(1, Intake.MAX_BATCH);
            assertThat(c.progress().value()).isNotBlank();
        });
        assertThat(intake.commits().get(1).progress()).as("each run saves its own progress").isNotEqualTo(intake.commits().get(0).progress());
    }

    @Test
    public void a_restarted_source_does_not_repeat_a_run_it_saved() throws Exception {
        Source first = startSource();
        assertThat(intake.awaitStored(1, waitSeconds(2), TimeUnit.SECONDS)).isTrue();
        first.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);

        startSource();
        assertThat(intake.awaitStored(intake.stored().size() + 1, waitSeconds(3), TimeUnit.SECONDS)).as("the restarted source runs").isTrue();
        List<String> progress = intake.commits().stream().map(c -> c.progress().value()).toList();
        assertThat(progress).as("no run saved twice").doesNotHaveDuplicates();
    }

    @Test
    public void makes_no_run_while_an_earlier_message_is_pending() throws Exception {
        intake.pendingMessages(true);
        startSource();
        Thread.sleep(interval().multipliedBy(2).plusMillis(500).toMillis());
        assertThat(intake.submittedCount()).as("nothing submitted while a message is pending").isZero();

        intake.pendingMessages(false);
        assertThat(intake.awaitStored(1, waitSeconds(3), TimeUnit.SECONDS)).as("runs again once nothing is pending").isTrue();
    }

    @Test
    public void a_stopped_source_makes_no_more_runs() throws Exception {
        Source source = startSource();
        assertThat(intake.awaitStored(1, waitSeconds(2), TimeUnit.SECONDS)).isTrue();

        source.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        int submitted = intake.submittedCount();
        Thread.sleep(interval().multipliedBy(2).plusMillis(500).toMillis());
        assertThat(intake.submittedCount()).isEqualTo(submitted);
    }

    /** Starts a new source of the factory on the test's intake, as the engine does after a restart. */
    protected Source startSource() throws Exception {
        ConnectorType type = factory().type();
        assertThat(type.has(Role.SOURCE)).as("%s has the source role", type.name()).isTrue();
        Map<String, Object> settings = sourceSettings();
        assertThat(type.sourceSchema().validate(settings)).as("the test's settings are valid").isEmpty();
        ConnectorConfig config = ConnectorConfig.of(type.sourceSchema(), settings);
        assertThat(factory().check(Role.SOURCE, config)).as("the test's settings pass the factory's checks").isEmpty();
        Source source = factory().createSource(config, context);
        source.start(intake);
        started.add(source);
        return source;
    }

    private long waitSeconds(int intervals) {
        return interval().multipliedBy(intervals).toSeconds() + 10;
    }
}
