package io.ductus.studio.server;

import io.ductus.client.ApiException;
import io.ductus.client.events.EngineEvent;
import io.ductus.client.events.EventListener;
import io.ductus.studio.task.TaskExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * The engine's events, handed to the screens on the UI thread in batches: the stream's thread queues each
 * event and asks the UI thread once to take everything queued, so 200 events a second cost a few hand-overs
 * per frame, not 200. A reconnect, or a resync from the engine, asks every screen to read its state again.
 */
public final class LiveEvents implements EventListener {

    private final TaskExecutor tasks;
    private final ConnectionState connection;
    private final ConcurrentLinkedQueue<EngineEvent> queued = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean handOverAsked = new AtomicBoolean();
    private final List<Consumer<List<EngineEvent>>> followers = new CopyOnWriteArrayList<>();
    private final List<Runnable> reloaders = new CopyOnWriteArrayList<>();
    private volatile Consumer<ApiException> refusal = e -> { };
    private boolean connectedBefore;

    public LiveEvents(TaskExecutor tasks, ConnectionState connection) {
        this.tasks = tasks;
        this.connection = connection;
    }

    /** Called on the UI thread with every batch of events, in the engine's order. */
    public void follow(Consumer<List<EngineEvent>> follower) {
        followers.add(follower);
    }

    /** Called on the UI thread when the state must be read again (reconnected, or fell behind). */
    public void onResync(Runnable reload) {
        reloaders.add(reload);
    }

    void onRefused(Consumer<ApiException> action) {
        this.refusal = action;
    }

    /**
     * The stream is open. The first time, the screens are loading what they show already (they opened with the
     * stream); after a loss, they read their state again, since what happened meanwhile is not replayed.
     */
    @Override
    public void connected() {
        tasks.onUiThread(() -> {
            connection.streamBack();
            if (connectedBefore) reloaders.forEach(Runnable::run);
            connectedBefore = true;
        });
    }

    @Override
    public void event(long id, EngineEvent event) {
        queued.add(event);
        if (handOverAsked.compareAndSet(false, true)) tasks.onUiThread(this::handOver);
    }

    @Override
    public void disconnected(ApiException why, Duration retryIn) {
        tasks.onUiThread(() -> connection.streamLost(why, retryIn));
    }

    @Override
    public void refused(ApiException why) {
        tasks.onUiThread(() -> refusal.accept(why));
    }

    private void handOver() {
        handOverAsked.set(false);
        List<EngineEvent> batch = new ArrayList<>();
        boolean resync = false;
        for (EngineEvent e; (e = queued.poll()) != null; ) {
            if (e instanceof EngineEvent.Resync) resync = true;
            else batch.add(e);
        }
        if (resync) {
            reloaders.forEach(Runnable::run);
            return; // what came with the resync is in the state read again
        }
        if (batch.isEmpty()) return;
        List<EngineEvent> events = List.copyOf(batch);
        for (Consumer<List<EngineEvent>> f : followers) f.accept(events);
    }
}
