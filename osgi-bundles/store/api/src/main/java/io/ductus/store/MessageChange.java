package io.ductus.store;

/** A message whose status an action changed or set again (then {@code before} equals {@code after}). */
public record MessageChange(long messageId, MessageStatus before, MessageStatus after) {
}
