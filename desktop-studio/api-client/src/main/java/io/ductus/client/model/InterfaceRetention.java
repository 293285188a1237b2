package io.ductus.client.model;

import java.time.Instant;

/**
 * One interface's retention: the window its files say, the one applied, whether a shorter one waits for a
 * confirmation, and what it keeps as last counted (held: past the window, still owed or quarantined).
 */
@ApiSchema("InterfaceRetention")
public record InterfaceRetention(String name, String retention, String applied, boolean waitingForConfirmation, String quarantined,
                                 Instant changedAt, String changedBy, long messages, long bytes, Instant oldestReceivedAt, long held) {
}
