package io.ductus.store.jdbc;

import io.ductus.store.DeliveryStatus;
import io.ductus.store.MessageStatus;
import io.ductus.store.Recorded.Settled;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;

/**
 * Derives a message's status from its deliveries once none is pending, inside the transaction that
 * changed them.
 *
 * <p>Two destinations may finish one message at the same moment in two transactions. Each would read the
 * other's delivery as still pending and leave the message pending for ever. So where writers run
 * concurrently (PostgreSQL), each transaction first locks the message rows in id order
 * ({@link Dialect#lockMessageSql()}), and only then reads the deliveries in a new statement: under READ
 * COMMITTED that statement sees everything the other transaction committed before it released the lock. The second one
 * to finish therefore always sees both deliveries done. Locking in id order keeps two batches that share
 * messages from deadlocking. SQLite has one writer, so nothing interleaves and no lock is needed.
 */
final class Settlement {

    static final String DELIVERY_STATUSES = "SELECT status FROM deliveries WHERE message_id = ?";
    static final String SETTLE = "UPDATE messages SET status = ?, settled_at = ? WHERE id = ? AND status = 'pending'";

    private Settlement() {
    }

    /** Settles those of {@code messageIds} (ascending) that have no pending delivery left. */
    static List<Settled> settle(Connection c, Dialect dialect, SortedSet<Long> messageIds, long now)
            throws SQLException {
        if (messageIds.isEmpty()) return List.of();
        lock(c, dialect, messageIds);
        List<Settled> settled = new ArrayList<>();
        try (PreparedStatement read = c.prepareStatement(DELIVERY_STATUSES);
             PreparedStatement update = c.prepareStatement(SETTLE)) {
            for (long id : messageIds) {
                MessageStatus status = MessageStatus.derive(statuses(read, id));
                if (status == MessageStatus.PENDING) continue;
                update.setString(1, status.dbValue());
                update.setLong(2, now);
                update.setLong(3, id);
                if (update.executeUpdate() == 1) settled.add(new Settled(id, status));
            }
        }
        return settled;
    }

    /**
     * Locks the message rows in id order where writers run concurrently; nothing on SQLite. Every write that
     * sets a message's status (settling, and the actions: resend, edit, dismissal) takes these locks before it
     * reads the deliveries it decides on, so none of them decides on deliveries another is still changing.
     */
    static void lock(Connection c, Dialect dialect, SortedSet<Long> messageIds) throws SQLException {
        if (dialect.lockMessageSql() == null) return;
        try (PreparedStatement ps = c.prepareStatement(dialect.lockMessageSql())) {
            for (long id : messageIds) { // ascending: two batches sharing messages wait, never deadlock
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                }
            }
        }
    }

    private static List<DeliveryStatus> statuses(PreparedStatement read, long messageId) throws SQLException {
        read.setLong(1, messageId);
        List<DeliveryStatus> statuses = new ArrayList<>();
        try (ResultSet rs = read.executeQuery()) {
            while (rs.next()) statuses.add(DeliveryStatus.fromDb(rs.getString(1)));
        }
        return statuses;
    }
}
