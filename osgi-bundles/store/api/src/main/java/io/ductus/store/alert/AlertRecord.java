package io.ductus.store.alert;

import java.util.Objects;

/**
 * One target's alert as stored (one row per target). Times are Unix ms or null.
 *
 * @param id     the row's id (0 for one not stored yet)
 * @param kind   interface, destination, engine, certificate, …
 * @param status ok, holding, firing, recovering
 * @param told   the channels told in this episode, comma-separated ('' for none)
 * @param rev    how many times the row changed: a change is written only where it still matches
 */
public record AlertRecord(long id, String target, String kind, String interfaceName, String status, String state, String reason,
                          String severity, String rule, Long since, Long firedAt, Long lastNoticeAt, Long escalatedAt,
                          Long acknowledgedAt, String acknowledgedBy, Long goodSince, String told, int episode, long rev,
                          long updatedAt) {

    public AlertRecord {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(told, "told");
    }
}
