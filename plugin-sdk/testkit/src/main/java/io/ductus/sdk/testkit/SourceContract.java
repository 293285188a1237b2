package io.ductus.sdk.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConnectorConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract every source connector passes. Extend it in your connector's tests and say how a real
 * sender talks to your source; the tests prove the source acknowledges only what the intake stored,
 * answers with its retryable error when storing fails, and stops without losing anything.
 */
public abstract class SourceContract {

    /** How long a sender may wait for an answer before the contract calls it missing. */
    protected static final long ANSWER_WAIT_S = 10;

    protected InMemoryIntake intake;
    protected TestConnectorContext context;
    protected Source source;
    private Path dataDirectory;
    private ExecutorService senders;

    /** The factory under test. */
    protected abstract ConnectorFactory factory();

    /** Source settings for one test (for example a listener on a free port), as interface.yaml gives them. */
    protected abstract Map<String, Object> sourceSettings() throws Exception;

    /** The n-th sample message a sender would send (n from 1), distinct per n. */
    protected abstract byte[] sampleMessage(int n);

    /** Sends one message as a real sender would (a new client each time is fine) and waits for the answer. */
    protected abstract SenderReply send(byte[] message) throws Exception;

    @BeforeEach
    void startSource() throws Exception {
        dataDirectory = Files.createTempDirectory("ductus-testkit");
        intake = new InMemoryIntake();
        context = new TestConnectorContext("contract", "source", Clock.systemUTC(), dataDirectory);
        ConnectorType type = factory().type();
        assertThat(type.has(Role.SOURCE)).as("%s has the source role", type.name()).isTrue();
        Map<String, Object> settings = sourceSettings();
        assertThat(type.sourceSchema().validate(settings)).as("the test's settings are valid").isEmpty();
        source = factory().createSource(ConnectorConfig.of(type.sourceSchema(), settings), context);
        source.start(intake);
        senders = Executors.newCachedThreadPool();
    }

    @AfterEach
    void stopSource() throws Exception {
        intake.release();
        source.stop().toCompletableFuture().get(30, TimeUnit.SECONDS);
        senders.shutdownNow();
        context.close();
    }

    @Test
    public void accepts_a_message_and_hands_its_exact_bytes_to_the_intake() throws Exception {
        byte[] message = sampleMessage(1);
        SenderReply reply = send(message);

        assertThat(reply.kind()).as(reply.detail()).isEqualTo(SenderReply.Kind.ACCEPTED);
        assertThat(intake.stored()).hasSize(1);
        assertThat(intake.stored().get(0).payload()).isEqualTo(message);
    }

    @Test
    public void acknowledges_only_after_the_intake_commit_returned() throws Exception {
        intake.hold();
        Future<SenderReply> reply = senders.submit(() -> send(sampleMessage(1)));

        assertThat(intake.awaitSubmitted(1, ANSWER_WAIT_S, TimeUnit.SECONDS)).as("the source submitted").isTrue();
        assertThat(waitBriefly(reply)).as("no answer while the commit is pending").isNull();
        intake.release();

        SenderReply answer = reply.get(ANSWER_WAIT_S, TimeUnit.SECONDS);
        assertThat(answer.kind()).as(answer.detail()).isEqualTo(SenderReply.Kind.ACCEPTED);
        assertThat(intake.stored()).hasSize(1);
    }

    @Test
    public void answers_with_its_retryable_error_when_the_intake_fails_and_keeps_running() throws Exception {
        intake.failNext(1, "database is unavailable");

        SenderReply failed = send(sampleMessage(1));
        assertThat(failed.kind()).as(failed.detail()).isEqualTo(SenderReply.Kind.RETRYABLE_ERROR);
        assertThat(intake.stored()).isEmpty();

        SenderReply next = send(sampleMessage(2));
        assertThat(next.kind()).as(next.detail()).isEqualTo(SenderReply.Kind.ACCEPTED);
        assertThat(intake.stored()).hasSize(1);
    }

    @Test
    public void stops_without_losing_anything_it_acknowledged() throws Exception {
        intake.hold();
        Future<SenderReply> inFlight = senders.submit(() -> send(sampleMessage(1)));
        assertThat(intake.awaitSubmitted(1, ANSWER_WAIT_S, TimeUnit.SECONDS)).isTrue();

        CompletableFuture<Void> stopped = source.stop().toCompletableFuture();
        assertThat(waitBriefly(stopped)).as("stop waits for the message in flight").isNull();
        assertThat(stopped).isNotDone();
        intake.release();
        stopped.get(30, TimeUnit.SECONDS);

        SenderReply answer = inFlight.get(ANSWER_WAIT_S, TimeUnit.SECONDS);
        if (answer.kind() == SenderReply.Kind.ACCEPTED) {
            assertThat(intake.stored()).as("what was acknowledged is stored").hasSize(1);
        }
        assertThat(send(sampleMessage(2)).kind()).as("a stopped source accepts nothing")
                .isNotEqualTo(SenderReply.Kind.ACCEPTED);
        assertThat(intake.stored()).hasSizeLessThanOrEqualTo(1);
    }

    /** Null when the future is still running after a short wait, its value otherwise. */
    private static <T> T waitBriefly(Future<T> future) throws Exception {
        try {
            return future.get(300, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return null;
        }
    }
}
