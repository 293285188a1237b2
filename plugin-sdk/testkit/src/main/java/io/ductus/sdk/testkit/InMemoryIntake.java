package io.ductus.sdk.testkit;

import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Receipt;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An intake that keeps messages in memory, for connector tests. It can hold commits until the test
 * releases them (to prove a source waits for the receipt) and fail the next submissions (to prove the
 * source answers with its retryable error). Batches are all or nothing, like the engine's: a batch's
 * records and its progress are kept together or not at all; one that fails keeps nothing.
 */
public final class InMemoryIntake implements Intake {

    private final AtomicLong ids = new AtomicLong();
    private final List<InboundMessage> stored = new ArrayList<>();
    private int pendingQuestions;
    private final List<CompletableFuture<Receipt>> held = new ArrayList<>();
    private final List<Runnable> heldCommits = new ArrayList<>();
    private final Map<String, String> progress = new HashMap<>();
    private final List<Commit> commits = new ArrayList<>();
    private int submitted;
    private boolean holding;
    private boolean pending;
    private int failuresLeft;
    private String failureReason = "";

    @Override
    public synchronized CompletionStage<Receipt> submit(InboundMessage message) {
        submitted++;
        notifyAll();
        if (failuresLeft > 0) {
            failuresLeft--;
            return CompletableFuture.failedFuture(new IntakeException(failureReason));
        }
        CompletableFuture<Receipt> receipt = new CompletableFuture<>();
        Runnable commit = () -> {
            long id;
            synchronized (this) {
                stored.add(message);
                id = ids.incrementAndGet();
                notifyAll();
            }
            receipt.complete(new Receipt(id, false));
        };
        if (holding) {
            held.add(receipt);
            heldCommits.add(commit);
        } else {
            // Complete outside the lock, as a real intake completes on its commit thread.
            CompletableFuture.runAsync(commit);
        }
        return receipt;
    }

    @Override
    public synchronized CompletionStage<List<Receipt>> submitBatch(List<InboundMessage> records, Progress saved) {
        requireBatchSize(records);
        List<InboundMessage> batch = List.copyOf(records);
        submitted += batch.size();
        notifyAll();
        if (failuresLeft > 0) {
            failuresLeft--;
            return CompletableFuture.failedFuture(new IntakeException(failureReason));
        }
        CompletableFuture<List<Receipt>> receipts = new CompletableFuture<>();
        Runnable commit = () -> {
            List<Receipt> done = new ArrayList<>(batch.size());
            synchronized (this) {
                for (InboundMessage m : batch) {
                    stored.add(m);
                    done.add(new Receipt(ids.incrementAndGet(), false));
                }
                progress.put(saved.key(), saved.value());
                commits.add(new Commit(batch.size(), saved));
                notifyAll();
            }
            receipts.complete(done);
        };
        if (holding) {
            heldCommits.add(commit);
        } else {
            CompletableFuture.runAsync(commit);
        }
        return receipts;
    }

    /** Submits the batch once {@code previous} completed; fails it, keeping nothing, if that one failed. */
    @Override
    public CompletionStage<List<Receipt>> submitBatchAfter(CompletionStage<?> previous, List<InboundMessage> records,
                                                           Progress saved) {
        requireBatchSize(records);
        List<InboundMessage> batch = List.copyOf(records);
        return previous.handle((receipts, failure) -> failure).thenCompose(failure -> failure == null
                ? submitBatch(batch, saved)
                : CompletableFuture.failedFuture(new IntakeException("not stored: the batch before it was not stored")));
    }

    private static void requireBatchSize(List<InboundMessage> records) {
        if (records.isEmpty() || records.size() > MAX_BATCH) {
            throw new IllegalArgumentException("a batch holds 1 to " + MAX_BATCH + " records, got " + records.size());
        }
    }

    @Override
    public synchronized Optional<String> savedProgress(String key) {
        return Optional.ofNullable(progress.get(key));
    }

    /** What {@link #hasPendingMessages()} answers, as the test set it ({@link #pendingMessages}); false until set. */
    @Override
    public synchronized boolean hasPendingMessages() {
        pendingQuestions++;
        return pending;
    }

    /** How many times a source asked {@link #hasPendingMessages()}: a test waits for it to have looked. */
    public synchronized int pendingQuestions() {
        return pendingQuestions;
    }

    /** Makes {@link #hasPendingMessages()} answer as if messages were (or were no longer) waiting for delivery. */
    public synchronized void pendingMessages(boolean stillPending) {
        pending = stillPending;
    }

    /** Sets the progress a source finds saved, as if an earlier run had saved it. */
    public synchronized void saveProgress(Progress saved) {
        progress.put(saved.key(), saved.value());
    }

    /** Every batch committed so far, in order: how many records it held and the progress saved with them. */
    public synchronized List<Commit> commits() {
        return List.copyOf(commits);
    }

    /** One committed batch. */
    public record Commit(int records, Progress progress) {
    }

    /** Waits until at least {@code count} messages are stored. */
    public synchronized boolean awaitStored(int count, long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (stored.size() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return false;
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** From now on, submissions wait until {@link #release()}. */
    public synchronized void hold() {
        holding = true;
    }

    /** Commits everything held and stops holding. */
    public void release() {
        List<Runnable> commits;
        synchronized (this) {
            holding = false;
            commits = new ArrayList<>(heldCommits);
            heldCommits.clear();
            held.clear();
        }
        commits.forEach(Runnable::run);
    }

    /** The next {@code count} submissions (single messages or batches) fail with an {@link IntakeException} carrying the reason. */
    public synchronized void failNext(int count, String reason) {
        failuresLeft = count;
        failureReason = reason;
    }

    /** Waits until at least {@code count} messages were submitted (stored or not; a batch counts its records). */
    public synchronized boolean awaitSubmitted(int count, long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (submitted < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) return false;
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Messages committed so far, in commit order. */
    public synchronized List<InboundMessage> stored() {
        return List.copyOf(stored);
    }

    public synchronized int submittedCount() {
        return submitted;
    }

    /** A latch-free convenience for tests: the payloads stored, as text. */
    public synchronized List<String> storedText(java.nio.charset.Charset charset) {
        return stored.stream().map(m -> new String(m.payload(), charset)).toList();
    }

}
