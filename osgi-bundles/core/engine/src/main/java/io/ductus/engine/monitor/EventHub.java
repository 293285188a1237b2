package io.ductus.engine.monitor;

import io.ductus.store.DeliveryOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands what happens in the engine to whoever follows it (GET /api/v1/events), without ever making the
 * engine wait: with nobody following, publishing is one check of an empty list; otherwise each follower's
 * bounded buffer takes the event or marks the follower as behind ({@link EventSubscription}). Events carry
 * ids and counts, never message content. The event types, and what each carries, are all here.
 */
public final class EventHub {

    /** Events one follower may have waiting before it is behind. */
    public static final int BUFFER = 1024;

    private final AtomicLong ids = new AtomicLong();
    private final CopyOnWriteArrayList<EventSubscription> followers = new CopyOnWriteArrayList<>();
    private final int capacity;
    private volatile boolean closed;

    public EventHub() {
        this(BUFFER);
    }

    EventHub(int capacity) {
        this.capacity = capacity;
    }

    public EventSubscription subscribe() {
        EventSubscription subscription = new EventSubscription(this, capacity);
        followers.add(subscription);
        if (closed) subscription.close();
        return subscription;
    }

    /** The engine stops: every follower's stream ends now (and one that comes later ends at once). */
    public void closeAll() {
        closed = true;
        followers.forEach(EventSubscription::close);
    }

    void unsubscribe(EventSubscription subscription) {
        followers.remove(subscription);
    }

    /** Whether anybody follows: publishers skip building events otherwise. */
    public boolean followed() {
        return !followers.isEmpty();
    }

    /** The id of the last event published. */
    public long lastId() {
        return ids.get();
    }

    /** A delivery's outcome was recorded. */
    public void delivery(DeliveryOutcome outcome) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("messageId", outcome.messageId());
        data.put("interface", outcome.destination().interfaceName());
        data.put("destination", outcome.destination().destination());
        data.put("outcome", outcome.kind().name().toLowerCase(Locale.ROOT));
        data.put("attempts", outcome.attempts());
        publish("delivery", data);
    }

    /** A message was stored (committed); a duplicate is stored for audit and not delivered. */
    public void received(String interfaceName, long messageId, boolean duplicate) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("messageId", messageId);
        data.put("interface", interfaceName);
        data.put("duplicate", duplicate);
        publish("received", data);
    }

    /** Pending and quarantined deliveries per destination changed (every destination, zeros included). */
    public void counts(List<Map<String, Object>> destinations) {
        if (!followed()) return;
        publish("counts", Map.of("destinations", destinations));
    }

    /** An interface changed state (running, draining, stopped) and why. */
    public void interfaceChanged(String name, String state, String reason) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("interface", name);
        data.put("state", state);
        data.put("reason", reason);
        publish("interface", data);
    }

    /** A destination was paused or resumed. */
    public void destinationChanged(String interfaceName, String destination, boolean paused) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("interface", interfaceName);
        data.put("destination", destination);
        data.put("paused", paused);
        publish("destination", data);
    }

    /** An operator's action (resend, edit, dismiss) changed these messages; their deliveries' events follow. */
    public void messagesChanged(String action, List<Long> messageIds) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("action", action);
        data.put("messageIds", messageIds);
        data.put("count", messageIds.size());
        publish("messages", data);
    }

    /** The health of an interface (its own, {@code destination} null) or of a destination changed. */
    public void healthChanged(String interfaceName, String destination, String state, String reason) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("interface", interfaceName);
        data.put("destination", destination);
        data.put("state", state);
        data.put("reason", reason);
        publish("health", data);
    }

    /** An alert changed (fired, escalated, recovered, acknowledged, …): GET /api/v1/alerts/{id} has the rest. */
    public void alertChanged(long id, String target, String status, String state, String severity) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", id);
        data.put("target", target);
        data.put("status", status);
        data.put("state", state);
        data.put("severity", severity);
        publish("alert", data);
    }

    /** A replay job was queued, moved on or ended: its counts (never a message's content). */
    public void replayChanged(long id, String status, long messages, long total, Map<String, Long> kinds) {
        if (!followed()) return;
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", id);
        data.put("status", status);
        data.put("messages", messages);
        data.put("total", total);
        data.put("kinds", kinds);
        publish("replay", data);
    }

    /** A drain started or ended. */
    public void drainChanged(boolean draining) {
        if (!followed()) return;
        publish("drain", Map.of("draining", draining));
    }

    /**
     * Every event type a follower can get, with the component schema of its data in the OpenAPI document
     * (listed under the event stream's operation as x-ductus-events).
     */
    public static final Map<String, String> TYPES = orderedTypes();

    private static Map<String, String> orderedTypes() {
        Map<String, String> types = new LinkedHashMap<>();
        types.put("received", "ReceivedEvent");
        types.put("delivery", "DeliveryEvent");
        types.put("counts", "CountsEvent");
        types.put("interface", "InterfaceEvent");
        types.put("destination", "DestinationEvent");
        types.put("messages", "MessagesEvent");
        types.put("health", "HealthEvent");
        types.put("alert", "AlertChangedEvent");
        types.put("replay", "ReplayEvent");
        types.put("drain", "DrainEvent");
        types.put("resync", "ResyncEvent");
        return java.util.Collections.unmodifiableMap(types);
    }

    private void publish(String type, Map<String, Object> data) {
        if (!TYPES.containsKey(type)) throw new IllegalArgumentException("event type " + type + " is not in EventHub.TYPES");
        EngineEvent event = new EngineEvent(ids.incrementAndGet(), type, data);
        for (EventSubscription follower : followers) follower.offer(event);
    }
}
