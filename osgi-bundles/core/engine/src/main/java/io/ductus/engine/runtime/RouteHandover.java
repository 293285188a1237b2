package io.ductus.engine.runtime;

import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.monitor.IntakeMetrics;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.NewMessage;
import io.ductus.store.PendingDelivery;
import io.ductus.store.RouteBatch;
import io.ductus.store.Routed;
import io.ductus.store.Store;
import java.nio.charset.Charset;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A route's worker side (destination {@code type: interface}): no connector. The output becomes a message
 * of the target interface, made by the target's intake rules, and waits here until the worker's next
 * flush stores it in the same transaction as the sent outcome ({@link Store#route}). After the commit the
 * target's lanes are woken and the message counted and announced as the target's intake would.
 */
final class RouteHandover implements Handover {

    /**
     * The interface a route stores into, and what to tell once it did.
     *
     * @param rows the target's intake rules as they are now (a deploy of the target changes them)
     */
    record Target(String name, java.util.function.Supplier<IntakeRows> rows, IntakeMetrics metrics, RunningLanes lanes,
                  EventHub events) {
    }

    private final DestinationRef route;
    private final Target target;
    private final Store store;
    private final Clock clock;
    private final Map<Long, NewMessage> waiting = new HashMap<>();

    RouteHandover(DestinationRef route, Target target, Store store, Clock clock) {
        this.route = route;
        this.target = target;
        this.store = store;
        this.clock = clock;
    }

    @Override
    public Outcome send(PendingDelivery delivery, byte[] output, String charset, Ownership.DeliveryGate gate) {
        InboundMessage message = InboundMessage.of(output).withCharset(Charset.forName(charset)).withOrigin(Map.of(
                "interface", route.interfaceName(), "destination", route.destination(),
                "message", Long.toString(delivery.messageId())));
        waiting.put(delivery.messageId(), target.rows().get().row(message, clock.millis()));
        return Outcome.sent("routed to interface " + target.name());
    }

    @Override
    public void record(List<DeliveryOutcome> outcomes, long now) {
        Map<Long, NewMessage> messages = new HashMap<>();
        for (DeliveryOutcome o : outcomes) {
            if (o.kind() == DeliveryOutcome.Kind.SENT) messages.put(o.messageId(), waiting.get(o.messageId()));
        }
        Routed routed = store.route(new RouteBatch(target.name(), outcomes, messages), now);
        for (Routed.RoutedMessage m : routed.stored()) {
            boolean duplicate = m.stored().duplicate();
            if (!duplicate) target.lanes().committed(target.name(), messages.get(m.originId()).lane());
            target.metrics().stored(duplicate, now);
            target.events().received(target.name(), m.stored().id(), duplicate);
        }
        outcomes.forEach(o -> waiting.remove(o.messageId()));
    }
}
