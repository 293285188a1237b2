package io.ductus.engine.runtime;

import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.PendingDelivery;
import java.util.List;

/**
 * Where one worker hands a transform's output, and how it records what happened: to a connector (sent,
 * then recorded) or into another interface (a route: stored together with the outcome). One per worker.
 */
interface Handover {

    /**
     * Hands the output over; the worker records the outcome later, in a batch.
     *
     * @param gate the interface's fence, which a connector checks again right before its write
     * @throws io.ductus.sdk.NoLongerOwnedException when the fence refused during the send: nothing was sent, nothing is
     *                                              to be recorded
     */
    Outcome send(PendingDelivery delivery, byte[] output, String charset, Ownership.DeliveryGate gate) throws InterruptedException;

    /**
     * Records a batch of outcomes in one transaction.
     *
     * @throws io.ductus.store.StoreException when nothing was recorded; the same outcomes are recorded again later
     */
    void record(List<DeliveryOutcome> outcomes, long now);
}
