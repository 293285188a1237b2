package io.ductus.engine.runtime;

import io.ductus.core.project.InterfaceDefinition;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.monitor.IntakeMetrics;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Receipt;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageStatus;
import io.ductus.store.NewMessage;
import io.ductus.store.SourceProgress;
import io.ductus.store.Store;
import io.ductus.store.StoreException;
import io.ductus.store.Stored;
import java.time.Clock;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One interface's intake: reads the ordering key, lane and dedupe key, stores the message with one
 * delivery per destination through the store's group commit, and only then completes the receipt the
 * source acknowledges on. Each submission runs on its own virtual thread so concurrent arrivals reach
 * the store together and share a commit. A committed message is counted and published as an event.
 * Batched sources store up to {@link Intake#MAX_BATCH} records and their progress in one transaction; a
 * batch handed over behind another has its rows made while that one commits and waits for it on its own
 * virtual thread, so the store goes on to it as soon as the one before is stored.
 */
final class MessageIntake implements Intake {

    private static final Logger LOG = LoggerFactory.getLogger(MessageIntake.class);

    private final InterfaceDefinition definition;
    private final Store store;
    private final Clock clock;
    private final Executor executor;
    private final IntConsumer committedInLane;
    private final IntakeMetrics metrics;
    private final EventHub events;
    private final IntakeRows rows;
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile boolean open = true;

    MessageIntake(InterfaceDefinition definition, Store store, Clock clock, Executor executor, IntConsumer committedInLane,
                  IntakeMetrics metrics, EventHub events) {
        this.definition = definition;
        this.store = store;
        this.clock = clock;
        this.executor = executor;
        this.committedInLane = committedInLane;
        this.metrics = metrics;
        this.events = events;
        this.rows = new IntakeRows(definition);
    }

    @Override
    public CompletionStage<Receipt> submit(InboundMessage message) {
        IntakeSteps.ToStoringThread handOff = new IntakeSteps.ToStoringThread();
        handOff.begin();
        return onStoringThread(() -> {
            handOff.commit();
            return store(rows(List.of(message)), null).get(0);
        });
    }

    @Override
    public CompletionStage<List<Receipt>> submitBatch(List<InboundMessage> records, Progress progress) {
        return submitBatchAfter(CompletableFuture.completedFuture(null), records, progress);
    }

    /** The batch's rows are made while the batch before it commits; it is stored as soon as that one is. */
    @Override
    public CompletionStage<List<Receipt>> submitBatchAfter(CompletionStage<?> previous, List<InboundMessage> records,
                                                           Progress progress) {
        if (records.isEmpty() || records.size() > MAX_BATCH) {
            throw new IllegalArgumentException("a batch holds 1 to " + MAX_BATCH + " records, got " + records.size());
        }
        SourceProgress saved = new SourceProgress(progress.key(), progress.value());
        List<InboundMessage> batch = List.copyOf(records);
        CompletableFuture<?> before = previous.toCompletableFuture();
        return onStoringThread(() -> {
            List<NewMessage> rows = rows(batch);
            awaitStored(before, batch.size());
            return store(rows, saved);
        });
    }

    private static void awaitStored(CompletableFuture<?> previous, int records) {
        try {
            previous.join();
        } catch (CompletionException | CancellationException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IntakeException("the batch of " + records + " records was not stored: the batch before it was not"
                    + " stored (" + cause.getMessage() + ")", cause);
        }
    }

    @Override
    public Optional<String> savedProgress(String key) {
        try {
            return store.sourceState(definition.name(), key);
        } catch (StoreException e) {
            throw new IntakeException("the saved progress '" + key + "' could not be read: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean hasPendingMessages() {
        try {
            return !store.browse(new MessageQuery(definition.name(), MessageStatus.PENDING, null, null, null, 1)).messages().isEmpty();
        } catch (StoreException e) {
            throw new IntakeException("cannot read whether a message is still pending: " + e.getMessage(), e);
        }
    }

    private <T> CompletionStage<T> onStoringThread(java.util.function.Supplier<T> work) {
        if (!open) {
            return CompletableFuture.failedFuture(new IntakeException("interface " + definition.name() + " is stopping"));
        }
        inFlight.incrementAndGet();
        Object submission = metrics.submitted(clock.millis()); // how long senders wait: health and /ready watch it
        try {
            return CompletableFuture.supplyAsync(work, executor).whenComplete((r, e) -> {
                inFlight.decrementAndGet();
                metrics.ended(submission, clock.millis());
            });
        } catch (RuntimeException e) {
            inFlight.decrementAndGet();
            metrics.ended(submission, clock.millis());
            return CompletableFuture.failedFuture(new IntakeException("interface " + definition.name() + " is stopping", e));
        }
    }

    /** What the store keeps of each message, received now. */
    private List<NewMessage> rows(List<InboundMessage> messages) {
        IntakeSteps.Rows step = new IntakeSteps.Rows();
        step.begin();
        long now = clock.millis();
        List<NewMessage> batch = new ArrayList<>(messages.size());
        for (InboundMessage message : messages) batch.add(rows.row(message, now));
        step.commit();
        return batch;
    }

    /** Stores the messages (and the progress, when given) in one transaction; then wakes their lanes' workers. */
    private List<Receipt> store(List<NewMessage> batch, SourceProgress progress) {
        long now = clock.millis();
        List<Stored> stored;
        IntakeSteps.Store storeStep = new IntakeSteps.Store();
        storeStep.begin();
        try {
            stored = store.store(new IntakeBatch(definition.name(), definition.durability(), batch, progress), now);
        } catch (StoreException e) {
            throw new IntakeException((batch.size() == 1 ? "the message" : "the batch of " + batch.size() + " records")
                    + " could not be stored: " + e.getMessage(), e);
        }
        storeStep.commit();
        IntakeSteps.AfterStore after = new IntakeSteps.AfterStore();
        after.begin();
        List<Receipt> receipts = new ArrayList<>(stored.size());
        BitSet lanes = new BitSet();
        for (int i = 0; i < stored.size(); i++) {
            Stored result = stored.get(i);
            if (!result.duplicate()) lanes.set(batch.get(i).lane());
            metrics.stored(result.duplicate(), now);
            events.received(definition.name(), result.id(), result.duplicate());
            receipts.add(new Receipt(result.id(), result.duplicate()));
        }
        lanes.stream().forEach(committedInLane); // one wake-up per lane, however many records it got
        after.commit();
        return receipts;
    }


    /** Refuses new submissions and waits (bounded) for those already storing to finish. */
    void close(long waitMillis) throws InterruptedException {
        open = false;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        while (inFlight.get() > 0 && System.nanoTime() < deadline) Thread.sleep(5);
        if (inFlight.get() > 0) LOG.warn("interface {}: {} submission(s) still storing after {} ms", definition.name(), inFlight.get(), waitMillis);
    }

    /** Refuses new submissions at once (nothing was submitted: the source did not start). */
    void refuse() {
        open = false;
    }

    void reopen() {
        open = true;
    }

}
