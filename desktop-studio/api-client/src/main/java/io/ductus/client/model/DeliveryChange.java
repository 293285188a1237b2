package io.ductus.client.model;

/** A delivery an action changed: its status before and after. */
@ApiSchema("DeliveryChange")
public record DeliveryChange(long messageId, String destination, String before, String after) {
}
