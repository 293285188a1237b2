package io.ductus.store.alert;

/**
 * One line of an alert's history.
 *
 * @param what   fired, escalated, changed, reminded, reopened, recovered, acknowledged, notified
 * @param status the alert's status after it
 * @param actor  who did it (an operator's acknowledgement), or null for the engine
 */
public record AlertEventRecord(long id, long alertId, String target, long at, String what, String status, String state,
                               String severity, String detail, String actor, int episode) {
}
