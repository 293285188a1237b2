package io.ductus.store.jdbc;

import io.ductus.store.ActionRefusedException;
import io.ductus.store.Changed;
import io.ductus.store.DeliveryChange;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.DestinationRef;
import io.ductus.store.DismissRequest;
import io.ductus.store.MessageChange;
import io.ductus.store.MessageStatus;
import io.ductus.store.Recorded.Settled;
import io.ductus.store.ResendRequest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Resend and dismissal: operators' changes to deliveries in place, each inside a transaction it is given.
 *
 * <p>Both first lock the messages in id order ({@link Settlement#lock}), then read their deliveries, then
 * change the chosen ones with an update that still requires the status just read, and last set each
 * changed message's status. A worker's outcome only changes a delivery that is pending and an action only
 * one that is not, so the two never wait for the same delivery; the message lock orders them where they
 * meet, on the message's status. SQLite runs every write on its one writer, so they never interleave.
 */
final class MessageActions {

    // Each statement by a message's id; on PostgreSQL also by the partition keys the lock found it at
    // (Settlement#lock: a locked message and its deliveries cannot move), so that it reads one leaf.
    static final String DELIVERIES_OF = """
            SELECT destination, interface_name, lane, status, attempts FROM deliveries WHERE message_id = ?%s
            ORDER BY destination""";
    static final String MESSAGE_STATUS = "SELECT status FROM messages WHERE id = ?%s";
    static final String RESEND = """
            UPDATE deliveries SET status = 'pending', next_attempt_at = NULL, lease_until = NULL, updated_at = ?
            WHERE message_id = ? AND destination = ? AND status = ?%s""";
    static final String DISMISS = """
            UPDATE deliveries SET status = 'filtered', last_error = ?, updated_at = ?
            WHERE message_id = ? AND destination = ? AND status = 'quarantined'%s""";
    static final String REOPEN = "UPDATE messages SET status = 'pending', settled_at = NULL WHERE id = ?%s";
    static final String RETRY_NOW = """
            UPDATE deliveries SET next_attempt_at = NULL, updated_at = ?
            WHERE interface_name = ? AND destination = ? AND status = 'pending' AND next_attempt_at > ?""";

    /** A delivery as an action reads it. */
    record Row(long messageId, DestinationRef destination, int lane, DeliveryStatus status, int attempts) {
    }

    private MessageActions() {
    }

    static Changed resend(Connection c, Dialect dialect, ResendRequest request, long now) throws SQLException {
        Set<String> named = request.destinations();
        Predicate<Row> chosen = named.isEmpty() ? r -> r.status() == DeliveryStatus.QUARANTINED
                : r -> named.contains(r.destination().destination()) && r.status() != DeliveryStatus.PENDING;
        SortedSet<Long> ids = new TreeSet<>(request.messageIds());
        Map<Long, Leaf> leaves = Settlement.lock(c, dialect, ids);
        Map<Long, MessageStatus> before = existing(c, ids, leaves);
        List<DeliveryChange> changes = new ArrayList<>();
        try (PreparedStatement resend = c.prepareStatement(keyed(RESEND, leaves))) {
            for (Row r : rows(c, ids, leaves)) {
                if (!chosen.test(r)) continue;
                resend.setLong(1, now);
                resend.setLong(2, r.messageId());
                resend.setString(3, r.destination().destination());
                resend.setString(4, r.status().dbValue());
                bindKeys(resend, 5, leaves, r.messageId());
                if (resend.executeUpdate() == 1) changes.add(change(r, DeliveryStatus.PENDING));
            }
        }
        SortedSet<Long> changed = messagesOf(changes);
        reopen(c, changed, leaves);
        List<MessageChange> messages = new ArrayList<>();
        for (long id : changed) messages.add(new MessageChange(id, before.get(id), MessageStatus.PENDING));
        return new Changed(changes, messages);
    }

    static Changed dismiss(Connection c, Dialect dialect, DismissRequest request, long now) throws SQLException {
        Set<String> named = request.destinations();
        SortedSet<Long> ids = new TreeSet<>(request.messageIds());
        Map<Long, Leaf> leaves = Settlement.lock(c, dialect, ids);
        Map<Long, MessageStatus> before = existing(c, ids, leaves);
        List<Row> quarantined = rows(c, ids, leaves).stream().filter(r -> r.status() == DeliveryStatus.QUARANTINED)
                .filter(r -> named.isEmpty() || named.contains(r.destination().destination())).toList();
        List<DeliveryChange> changes = filter(c, quarantined, request.lastError(), leaves, now);
        return new Changed(changes, settleAgain(c, dialect, messagesOf(changes), before, leaves, now));
    }

    /** Quarantined deliveries become filtered with {@code reason} as their last error. */
    static List<DeliveryChange> filter(Connection c, List<Row> quarantined, String reason, Map<Long, Leaf> leaves, long now)
            throws SQLException {
        List<DeliveryChange> changes = new ArrayList<>();
        try (PreparedStatement dismiss = c.prepareStatement(keyed(DISMISS, leaves))) {
            for (Row r : quarantined) {
                dismiss.setString(1, reason);
                dismiss.setLong(2, now);
                dismiss.setLong(3, r.messageId());
                dismiss.setString(4, r.destination().destination());
                bindKeys(dismiss, 5, leaves, r.messageId());
                if (dismiss.executeUpdate() == 1) changes.add(change(r, DeliveryStatus.FILTERED));
            }
        }
        return changes;
    }

    /**
     * Derives the status of messages whose deliveries moved from one final state to another: each is set
     * pending and settled again, the one way a status is ever derived ({@link Settlement}). A message with a
     * delivery still pending stays pending.
     */
    static List<MessageChange> settleAgain(Connection c, Dialect dialect, SortedSet<Long> ids,
                                           Map<Long, MessageStatus> before, Map<Long, Leaf> leaves, long now)
            throws SQLException {
        reopen(c, ids, leaves);
        Map<Long, MessageStatus> after = new TreeMap<>();
        for (long id : ids) after.put(id, MessageStatus.PENDING);
        for (Settled s : Settlement.settle(c, dialect, ids, leaves, now)) after.put(s.messageId(), s.status());
        List<MessageChange> messages = new ArrayList<>();
        after.forEach((id, status) -> messages.add(new MessageChange(id, before.get(id), status)));
        return messages;
    }

    /** The deliveries of these messages, in message then destination order. */
    static List<Row> rows(Connection c, SortedSet<Long> ids, Map<Long, Leaf> leaves) throws SQLException {
        List<Row> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(keyed(DELIVERIES_OF, leaves))) {
            for (long id : ids) {
                ps.setLong(1, id);
                bindKeys(ps, 2, leaves, id);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        rows.add(new Row(id, new DestinationRef(rs.getString("interface_name"), rs.getString("destination")),
                                rs.getInt("lane"), DeliveryStatus.fromDb(rs.getString("status")), rs.getInt("attempts")));
                    }
                }
            }
        }
        return rows;
    }

    /** The messages' statuses, refusing the action (changing nothing) when any of them does not exist. */
    private static SortedMap<Long, MessageStatus> existing(Connection c, SortedSet<Long> ids, Map<Long, Leaf> leaves)
            throws SQLException {
        SortedMap<Long, MessageStatus> statuses = statuses(c, ids, leaves);
        if (statuses.size() < ids.size()) {
            List<Long> missing = ids.stream().filter(id -> !statuses.containsKey(id)).toList();
            throw new ActionRefusedException((missing.size() == 1 ? "there is no message " : "there are no messages ")
                    + String.join(", ", missing.stream().map(String::valueOf).toList()));
        }
        return statuses;
    }

    /**
     * Pending deliveries of a destination that wait for their back-off are due at once; their attempts stay.
     *
     * @return how many were waiting
     */
    static int retryNow(Connection c, DestinationRef destination, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(RETRY_NOW)) {
            ps.setLong(1, now);
            ps.setString(2, destination.interfaceName());
            ps.setString(3, destination.destination());
            ps.setLong(4, now);
            return ps.executeUpdate();
        }
    }

    /** The current status of each of these messages that exists. */
    static SortedMap<Long, MessageStatus> statuses(Connection c, SortedSet<Long> ids, Map<Long, Leaf> leaves)
            throws SQLException {
        SortedMap<Long, MessageStatus> statuses = new TreeMap<>();
        try (PreparedStatement ps = c.prepareStatement(keyed(MESSAGE_STATUS, leaves))) {
            for (long id : ids) {
                ps.setLong(1, id);
                bindKeys(ps, 2, leaves, id);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) statuses.put(id, MessageStatus.fromDb(rs.getString(1)));
                }
            }
        }
        return statuses;
    }

    private static void reopen(Connection c, SortedSet<Long> ids, Map<Long, Leaf> leaves) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(keyed(REOPEN, leaves))) {
            for (long id : ids) {
                ps.setLong(1, id);
                bindKeys(ps, 2, leaves, id);
                ps.executeUpdate();
            }
        }
    }

    /**
     * A statement of this class ({@code %s}: where its partition keys go) by id alone, or also by the keys the
     * lock found the messages at (PostgreSQL: {@code leaves} is then not empty).
     */
    static String keyed(String sql, Map<Long, Leaf> leaves) {
        return sql.formatted(leaves.isEmpty() ? "" : Leaf.KEYS);
    }

    /** Binds a message's keys where {@link #keyed} put them; a message the lock did not find is in no leaf. */
    static void bindKeys(PreparedStatement ps, int index, Map<Long, Leaf> leaves, long id) throws SQLException {
        if (leaves.isEmpty()) return;
        Settlement.bind(ps, index, leaves.getOrDefault(id, NOWHERE));
    }

    /** No row has this tier. */
    private static final Leaf NOWHERE = new Leaf(Leaf.ANY_TIER, 0);

    private static DeliveryChange change(Row r, DeliveryStatus after) {
        return new DeliveryChange(r.messageId(), r.destination(), r.lane(), r.status(), after, r.attempts());
    }

    private static SortedSet<Long> messagesOf(List<DeliveryChange> changes) {
        SortedSet<Long> ids = new TreeSet<>();
        for (DeliveryChange d : changes) ids.add(d.messageId());
        return ids;
    }
}
