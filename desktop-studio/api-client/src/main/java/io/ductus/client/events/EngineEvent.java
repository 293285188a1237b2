package io.ductus.client.events;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.client.DuctusClient;
import io.ductus.client.model.ApiSchema;
import java.util.List;

/**
 * One server-sent event of /api/v1/events, typed: ids and counts, never message content. An event type
 * this client does not know arrives as {@link Unknown}, so a newer engine never breaks an older studio.
 */
public sealed interface EngineEvent {

    /** A message was stored. */
    @ApiSchema("ReceivedEvent")
    record Received(long messageId, @JsonProperty("interface") String interfaceName, boolean duplicate) implements EngineEvent {
    }

    /** A delivery's outcome was recorded: sent, filtered, quarantined or retry. */
    @ApiSchema("DeliveryEvent")
    record Delivery(long messageId, @JsonProperty("interface") String interfaceName, String destination, String outcome, int attempts)
            implements EngineEvent {
    }

    /** Every destination's pending and quarantined deliveries, when they changed. */
    @ApiSchema("CountsEvent")
    record Counts(List<DestinationCount> destinations) implements EngineEvent {
        public Counts {
            destinations = destinations == null ? List.of() : List.copyOf(destinations);
        }
    }

    /** One destination's queue in a {@link Counts} event. */
    @ApiSchema("DestinationCount")
    record DestinationCount(@JsonProperty("interface") String interfaceName, String destination, long pending, long quarantined) {
    }

    /** An interface's state changed (running, draining, stopped). */
    @ApiSchema("InterfaceEvent")
    record InterfaceChanged(@JsonProperty("interface") String interfaceName, String state, String reason) implements EngineEvent {
    }

    /** A destination was paused or resumed. */
    @ApiSchema("DestinationEvent")
    record DestinationChanged(@JsonProperty("interface") String interfaceName, String destination, boolean paused) implements EngineEvent {
    }

    /** An operator resent, edited or dismissed messages. */
    @ApiSchema("MessagesEvent")
    record MessagesChanged(String action, List<Long> messageIds, int count) implements EngineEvent {
        public MessagesChanged {
            messageIds = messageIds == null ? List.of() : List.copyOf(messageIds);
        }
    }

    /** The health of an interface (its own: destination null) or of a destination changed, as the engine judged it. */
    @ApiSchema("HealthEvent")
    record HealthChanged(@JsonProperty("interface") String interfaceName, String destination, String state, String reason)
            implements EngineEvent {
    }

    /** An alert changed (fired, escalated, recovered, acknowledged, …). */
    @ApiSchema("AlertChangedEvent")
    record AlertChanged(long id, String target, String status, String state, String severity) implements EngineEvent {
    }

    /** A replay job was queued, moved on or ended: its counts per kind (never a message's content). */
    @ApiSchema("ReplayEvent")
    record ReplayChanged(long id, String status, long messages, long total, java.util.Map<String, Long> kinds) implements EngineEvent {
    }

    /** A drain started or ended. */
    @ApiSchema("DrainEvent")
    record DrainChanged(boolean draining) implements EngineEvent {
    }

    /** This client may have missed events (it fell behind, or reconnected): read the state again. */
    @ApiSchema("ResyncEvent")
    record Resync(String reason) implements EngineEvent {
    }

    /** An event type this client does not know, as it came. */
    record Unknown(String type, JsonNode data) implements EngineEvent {
    }

    /** The event of a type and its data line; {@link Unknown} for a type not listed here or data that does not fit. */
    static EngineEvent parse(String type, String data) {
        JsonNode node;
        try {
            node = DuctusClient.JSON.readTree(data == null || data.isEmpty() ? "{}" : data);
        } catch (java.io.IOException e) {
            return new Unknown(type, null);
        }
        Class<? extends EngineEvent> kind = switch (type) {
            case "received" -> Received.class;
            case "delivery" -> Delivery.class;
            case "counts" -> Counts.class;
            case "interface" -> InterfaceChanged.class;
            case "destination" -> DestinationChanged.class;
            case "messages" -> MessagesChanged.class;
            case "health" -> HealthChanged.class;
            case "alert" -> AlertChanged.class;
            case "replay" -> ReplayChanged.class;
            case "drain" -> DrainChanged.class;
            case "resync" -> Resync.class;
            default -> null;
        };
        if (kind == null) return new Unknown(type, node);
        try {
            return DuctusClient.JSON.treeToValue(node, kind);
        } catch (java.io.IOException | IllegalArgumentException e) {
            return new Unknown(type, node);
        }
    }
}
