package io.ductus.engine.runtime;

import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Receipt;
import io.ductus.sdk.Responder;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

/**
 * What an interface's source submits to: the interface's current intake, behind a gate a live deploy
 * closes while it swaps the code. While closed, submissions wait (the sender waits for its answer, as it
 * does for a slow commit) and go to the new intake once the gate opens; one that waits longer than
 * {@link #MAX_HOLD_MS} fails as a store failure does, so the sender gets the retryable answer (MLLP AE,
 * HTTP 503). The source itself, and every connection it holds, stays as it is.
 *
 * <p>A submission passes the gate under a read lock that {@link #hold()} takes for writing: once hold
 * returns, no submission is on its way to the old intake any more, so closing it refuses nothing.
 */
class IntakeGate implements Intake {

    /** How long a submission may wait at a closed gate. */
    static final long MAX_HOLD_MS = 10_000;

    private final String interfaceName;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private volatile Intake target;
    private CompletableFuture<Void> opened = CompletableFuture.completedFuture(null);

    IntakeGate(String interfaceName, Intake target) {
        this.interfaceName = interfaceName;
        this.target = target;
    }

    /** A gate for a source of an interface with code, which may answer requests itself (respond mode). */
    static IntakeGate of(String interfaceName, Intake target) {
        return target instanceof Responder ? new Responding(interfaceName, target) : new IntakeGate(interfaceName, target);
    }

    /** Closes the gate: submissions from now on wait; returns once none is on its way to the current intake. */
    void hold() {
        lock.writeLock().lock();
        try {
            if (opened.isDone()) opened = new CompletableFuture<>();
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** Opens the gate onto {@code next}: what waited goes there, in the order it came. */
    void release(Intake next) {
        CompletableFuture<Void> waiting;
        lock.writeLock().lock();
        try {
            target = next;
            waiting = opened;
            opened = CompletableFuture.completedFuture(null);
        } finally {
            lock.writeLock().unlock();
        }
        waiting.complete(null);
    }

    /** Whether the gate holds submissions back now. */
    boolean held() {
        lock.readLock().lock();
        try {
            return !opened.isDone();
        } finally {
            lock.readLock().unlock();
        }
    }

    Intake target() {
        return target;
    }

    /** Hands the call to the current intake, or once the gate opens to the intake then current. */
    <T> CompletionStage<T> pass(Function<Intake, CompletionStage<T>> call) {
        CompletableFuture<Void> wait;
        lock.readLock().lock();
        try {
            if (opened.isDone()) return call.apply(target);
            wait = opened;
        } finally {
            lock.readLock().unlock();
        }
        return wait.orTimeout(MAX_HOLD_MS, TimeUnit.MILLISECONDS).handle((v, e) -> e).thenCompose(e -> {
            if (e == null) return pass(call);
            Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
            return CompletableFuture.failedFuture(new IntakeException(cause instanceof TimeoutException
                    ? "interface " + interfaceName + " is being deployed and did not take messages again within " + MAX_HOLD_MS
                    + " ms; send again" : "interface " + interfaceName + ": " + cause.getMessage(), cause));
        });
    }

    @Override
    public CompletionStage<Receipt> submit(InboundMessage message) {
        return pass(i -> i.submit(message));
    }

    @Override
    public CompletionStage<List<Receipt>> submitBatch(List<InboundMessage> records, Progress progress) {
        return pass(i -> i.submitBatch(records, progress));
    }

    @Override
    public CompletionStage<List<Receipt>> submitBatchAfter(CompletionStage<?> previous, List<InboundMessage> records,
                                                           Progress progress) {
        return pass(i -> i.submitBatchAfter(previous, records, progress));
    }

    @Override
    public Optional<String> savedProgress(String key) {
        return target.savedProgress(key);
    }

    @Override
    public boolean hasPendingMessages() {
        return target.hasPendingMessages();
    }

    /** The gate of a source that answers requests with the interface's code: requests wait at it too. */
    static final class Responding extends IntakeGate implements Responder {
        Responding(String interfaceName, Intake target) {
            super(interfaceName, target);
        }

        @Override
        public CompletionStage<Response> respond(Request request) {
            return pass(i -> ((Responder) i).respond(request));
        }
    }
}
