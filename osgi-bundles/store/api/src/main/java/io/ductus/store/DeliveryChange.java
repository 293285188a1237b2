package io.ductus.store;

/**
 * One delivery an action changed. The lane and destination say which worker to wake.
 *
 * @param attempts the attempts it had made, which an action never changes
 */
public record DeliveryChange(long messageId, DestinationRef destination, int lane, DeliveryStatus before,
                             DeliveryStatus after, int attempts) {
}
