package io.ductus.sdk.testkit;

import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Receipt;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An intake that keeps messages in memory, for connector tests. It can hold commits until the test
 * releases them (to prove a source waits for the receipt) and fail the next submissions (to prove the
 * source answers with its retryable error).
 */
public final class InMemoryIntake implements Intake {

    private final AtomicLong ids = new AtomicLong();
    private final List<InboundMessage> stored = new ArrayList<>();
    private final List<CompletableFuture<Receipt>> held = new ArrayList<>();
    private final List<Runnable> heldCommits = new ArrayList<>();
    private int submitted;
    private boolean holding;
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

    /** The next {@code count} submissions fail with an {@link IntakeException} carrying the reason. */
    public synchronized void failNext(int count, String reason) {
        failuresLeft = count;
        failureReason = reason;
    }

    /** Waits until at least {@code count} submissions arrived (stored or not). */
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
