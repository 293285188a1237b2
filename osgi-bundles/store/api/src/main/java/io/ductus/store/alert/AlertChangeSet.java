package io.ductus.store.alert;

import io.ductus.store.account.AuditEntry;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One decided change of one alert, written in one transaction: the row, its history lines, its notices
 * (one outbox row per channel) and an operator's audit row, or nothing at all.
 *
 * @param next       the row as decided; its {@code rev} is the one it was decided from (0 for a row not
 *                   stored yet), and the change is written only while the stored row still has it
 * @param due        when each notice is due, given the channel's waiting group (its earliest due time after now)
 * @param audit      the audit row of an operator's action, or null
 */
public record AlertChangeSet(AlertRecord next, List<NewEvent> events, List<NewNotice> notices, Due due, AuditEntry audit) {

    public AlertChangeSet {
        Objects.requireNonNull(next, "next");
        events = List.copyOf(events);
        notices = List.copyOf(notices);
        Objects.requireNonNull(due, "due");
    }

    /** When a notice for a channel is due, knowing when the channel's waiting group (if any) is due. */
    @FunctionalInterface
    public interface Due {
        long at(NewNotice notice, Optional<Long> openGroupDue);
    }
}
