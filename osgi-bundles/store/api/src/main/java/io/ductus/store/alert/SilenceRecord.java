package io.ductus.store.alert;

/**
 * An operator's silence: no notices for the target until {@code endsAt} (or until ended early).
 *
 * @param target  an interface, interface/destination, or {@code *} for everything
 * @param endedAt when an operator ended it early, or null
 */
public record SilenceRecord(long id, String target, long startsAt, long endsAt, String reason, String createdBy, long createdAt,
                            Long endedAt, String endedBy) {

    public boolean activeAt(long now) {
        return endedAt == null && startsAt <= now && now < endsAt;
    }
}
