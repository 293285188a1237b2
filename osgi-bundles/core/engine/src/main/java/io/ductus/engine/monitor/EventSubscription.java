package io.ductus.engine.monitor;

import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One follower's events, in a bounded buffer. The hub only offers (it never waits for a follower); when
 * the buffer is full the follower is behind: what it holds is dropped and its next event is a resync,
 * after which it reads the state again (GET /api/v1/interfaces) and follows on.
 */
public final class EventSubscription implements AutoCloseable {

    private static final EngineEvent CLOSED = new EngineEvent(0, "closed", Map.of());

    private final EventHub hub;
    private final LinkedBlockingQueue<EngineEvent> buffer;
    private final AtomicBoolean behind = new AtomicBoolean();
    private volatile boolean closed;

    EventSubscription(EventHub hub, int capacity) {
        this.hub = hub;
        this.buffer = new LinkedBlockingQueue<>(capacity);
    }

    /** Called by the hub: takes the event, or notes that this follower fell behind. Never waits. */
    void offer(EngineEvent event) {
        if (!buffer.offer(event)) behind.set(true);
    }

    /**
     * The next event: a resync when this follower fell behind since the last call, else the oldest event
     * waiting; null when none came within the wait, or once closed.
     */
    public EngineEvent next(long wait, TimeUnit unit) throws InterruptedException {
        if (closed) return null;
        if (behind.getAndSet(false)) {
            buffer.clear();
            return resync("fell behind: more than " + (buffer.remainingCapacity()) + " events waited to be sent");
        }
        EngineEvent event = buffer.poll(wait, unit);
        return event == CLOSED ? null : event;
    }

    /** A resync event now: the follower must read the state again, events in between are lost. */
    public EngineEvent resync(String reason) {
        return new EngineEvent(hub.lastId(), "resync", Map.of("reason", reason));
    }

    public boolean closed() {
        return closed;
    }

    /** Stops following; a thread waiting in {@link #next} returns at once. */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        hub.unsubscribe(this);
        buffer.clear();
        buffer.offer(CLOSED);
    }
}
