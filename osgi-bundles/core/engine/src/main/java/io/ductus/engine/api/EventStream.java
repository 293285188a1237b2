package io.ductus.engine.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ductus.engine.monitor.EngineEvent;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.monitor.EventSubscription;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One client's server-sent events: each event as {@code id:}, {@code event:} and one {@code data:} line of
 * JSON, a keep-alive comment when nothing happened for a while, and a {@code resync} event when the client
 * fell behind, or when it reconnects with {@code Last-Event-ID} (the engine keeps no history to replay).
 * Writing waits for this client only; the engine never waits for it.
 */
final class EventStream implements ResponseStream {

    /** How long a client waits before reconnecting, told to it in the stream's first lines. */
    static final long RECONNECT_MS = 2000;

    private final EventHub events;
    private final Duration keepAlive;
    private final String lastEventId;

    /** @param lastEventId the client's {@code Last-Event-ID} header, or null on a first connection */
    EventStream(EventHub events, Duration keepAlive, String lastEventId) {
        this.events = events;
        this.keepAlive = keepAlive;
        this.lastEventId = lastEventId;
    }

    @Override
    public void writeTo(Output out) throws InterruptedException {
        try (EventSubscription subscription = events.subscribe()) {
            out.onClose(subscription::close);
            if (!out.write(": ductus events\nretry: " + RECONNECT_MS + "\n\n")) return;
            if (lastEventId != null && !out.write(format(subscription.resync("reconnected after event " + lastEventId
                    + "; what happened since is not kept")))) {
                return;
            }
            while (!subscription.closed()) {
                EngineEvent event = subscription.next(keepAlive.toMillis(), TimeUnit.MILLISECONDS);
                if (!out.write(event == null ? ": keep-alive\n\n" : format(event))) return;
            }
        }
    }

    static String format(EngineEvent event) {
        try {
            return "id: " + event.id() + "\nevent: " + event.type() + "\ndata: " + ApiResponse.JSON.writeValueAsString(event.data())
                    + "\n\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write event " + event.type(), e);
        }
    }
}
