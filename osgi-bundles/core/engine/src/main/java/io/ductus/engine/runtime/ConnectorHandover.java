package io.ductus.engine.runtime;

import io.ductus.sdk.Destination;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.PendingDelivery;
import io.ductus.store.Store;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands output to a destination connector; outcomes are recorded on their own. When the message's fence
 * ({@link io.ductus.sdk.OutboundMessage#fence()}) refused while the connector sent, the message was not sent,
 * whatever the connector answered or threw: the refusal is thrown to the worker, which records nothing.
 */
final class ConnectorHandover implements Handover {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectorHandover.class);

    private final Destination destination;
    private final Store store;

    ConnectorHandover(Destination destination, Store store) {
        this.destination = destination;
        this.store = store;
    }

    @Override
    public Outcome send(PendingDelivery delivery, byte[] output, String charset, Ownership.DeliveryGate gate)
            throws InterruptedException {
        StoredOutbound message = new StoredOutbound(delivery, output, charset, gate);
        Outcome outcome;
        try {
            outcome = destination.send(message);
        } catch (RuntimeException | LinkageError e) {
            NoLongerOwnedException refused = message.refusal();
            if (refused == null) throw e;
            if (refused != e) refused.addSuppressed(e);
            throw refused;
        }
        NoLongerOwnedException refused = message.refusal();
        if (refused == null) return outcome;
        if (outcome.kind() == Outcome.Kind.SENT) {
            LOG.warn("{}: the destination answered sent for message {} after its fence refused it; counted as not sent"
                    + " (the interface's new owner delivers it)", delivery.destination(), delivery.messageId());
        }
        throw refused;
    }

    @Override
    public void record(List<DeliveryOutcome> outcomes, long now) {
        store.record(outcomes, now);
    }
}
