package io.ductus.engine.runtime;

import io.ductus.sdk.Destination;
import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.PendingDelivery;
import io.ductus.store.Store;
import java.util.List;

/** Hands output to a destination connector; outcomes are recorded on their own. */
final class ConnectorHandover implements Handover {

    private final Destination destination;
    private final Store store;

    ConnectorHandover(Destination destination, Store store) {
        this.destination = destination;
        this.store = store;
    }

    @Override
    public Outcome send(PendingDelivery delivery, byte[] output, String charset) throws InterruptedException {
        return destination.send(new StoredOutbound(delivery, output, charset));
    }

    @Override
    public void record(List<DeliveryOutcome> outcomes, long now) {
        store.record(outcomes, now);
    }
}
