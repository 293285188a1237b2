package io.ductus.client.model;

/** A message whose status an action changed. */
@ApiSchema("MessageChange")
public record MessageChange(long messageId, String before, String after) {
}
