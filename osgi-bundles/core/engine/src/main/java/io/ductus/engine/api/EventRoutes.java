package io.ductus.engine.api;

import io.ductus.engine.monitor.EventHub;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** GET /api/v1/events: what happens in the engine as server-sent events ({@link EventStream}). */
final class EventRoutes {

    static final Duration KEEP_ALIVE = Duration.ofSeconds(15);
    static final String MEDIA_TYPE = "text/event-stream";

    private final EventHub events;
    private final Duration keepAlive;

    EventRoutes(EventHub events, Duration keepAlive) {
        this.events = events;
        this.keepAlive = keepAlive;
    }

    Route route() {
        return Route.get("/api/v1/events", "streamEvents",
                        "Server-sent events: deliveries, receipts, queue counts, interface and drain changes (ids and counts, never content)")
                .tag("events").work(Work.STREAM).produces(MEDIA_TYPE).returns(200, "EventStream")
                .extension("x-ductus-events", eventSchemas())
                .handle((r, c) -> ApiResponse.stream(MEDIA_TYPE + "; charset=utf-8",
                        new EventStream(events, keepAlive, r.header("Last-Event-ID"))));
    }

    /** Each event type and the schema of its data, as references into the document's components. */
    private static Map<String, Object> eventSchemas() {
        Map<String, Object> types = new LinkedHashMap<>();
        EventHub.TYPES.forEach((type, schema) -> types.put(type, ApiSchemas.ref(schema)));
        return types;
    }
}
