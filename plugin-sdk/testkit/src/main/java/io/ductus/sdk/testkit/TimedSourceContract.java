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
import java.time.Duration;
import java.time.Instant;
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
 * ({@link Intake#hasPendingMessages}), and a stopped source makes no more runs. Runs on a {@link TestClock}
 * that the contract advances (the source must read time from its context's clock and wait through its
 * scheduler, as every source should), so an hour's schedule takes no longer to check than a second's.
 *
 * @since 1.1 (on the test clock since 1.4)
 */
public abstract class TimedSourceContract {

    protected InMemoryIntake intake;
    protected TestConnectorContext context;
    /** The clock the source runs on; the contract advances it. */
    protected TestClock clock;
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
        clock = new TestClock(Instant.parse("2026-01-05T08:00:00Z"));
        context = TestConnectorContext.onTestClock("contract", "source", clock, dataDirectory);
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

        assertThat(runsUntil(() -> intake.stored().size() >= 2)).as("two runs stored").isTrue();
        assertThat(intake.commits()).hasSizeGreaterThanOrEqualTo(2).allSatisfy(c -> {
            assertThat(c.records()).isBetween(1, Intake.MAX_BATCH);
            assertThat(c.progress().value()).isNotBlank();
        });
        assertThat(intake.commits().get(1).progress()).as("each run saves its own progress").isNotEqualTo(intake.commits().get(0).progress());
    }

    @Test
    public void a_restarted_source_does_not_repeat_a_run_it_saved() throws Exception {
        Source first = startSource();
        assertThat(runsUntil(() -> !intake.stored().isEmpty())).isTrue();
        first.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);

        int before = intake.stored().size();
        startSource();
        assertThat(runsUntil(() -> intake.stored().size() > before)).as("the restarted source runs").isTrue();
        List<String> progress = intake.commits().stream().map(c -> c.progress().value()).toList();
        assertThat(progress).as("no run saved twice").doesNotHaveDuplicates();
    }

    @Test
    public void makes_no_run_while_an_earlier_message_is_pending() throws Exception {
        intake.pendingMessages(true);
        startSource();
        assertThat(runsUntil(() -> intake.pendingQuestions() >= 2)).as("the source looked whether a message is pending").isTrue();
        assertThat(intake.submittedCount()).as("nothing submitted while a message is pending").isZero();

        intake.pendingMessages(false);
        assertThat(runsUntil(() -> !intake.stored().isEmpty())).as("runs again once nothing is pending").isTrue();
    }

    @Test
    public void a_stopped_source_makes_no_more_runs() throws Exception {
        Source source = startSource();
        assertThat(runsUntil(() -> !intake.stored().isEmpty())).isTrue();

        source.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        int submitted = intake.submittedCount();
        for (int i = 0; i < 10; i++) clock.advance(interval());
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

    /**
     * Advances the test clock a tenth of the interval at a time until the condition holds (the source's
     * work runs on threads of its own, so each step gives it a moment to catch up), for at most 100
     * intervals of test time and {@link #WAIT_SECONDS} of real time.
     */
    protected boolean runsUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        Duration step = interval().dividedBy(10);
        for (int i = 0; i < 1000 && System.nanoTime() < deadline; i++) {
            if (condition.getAsBoolean()) return true;
            clock.advance(step);
            long settle = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(20);
            while (!condition.getAsBoolean() && System.nanoTime() < settle) Thread.onSpinWait();
        }
        return condition.getAsBoolean();
    }

    /** The longest a contract test waits in real time for the source to catch up with its clock. */
    protected static final long WAIT_SECONDS = 20;
}
