package io.ductus.store.jdbc;

import io.ductus.store.DeliveryStatus;
import io.ductus.store.MessageStatus;
import io.ductus.store.Recorded.Settled;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
public final class Settlement {

    public static final String DELIVERY_STATUSES = "SELECT status FROM deliveries WHERE message_id = ?";
    public static final String SETTLE = "UPDATE messages SET status = ?, settled_at = ? WHERE id = ? AND status = 'pending'";
    /** PostgreSQL, once the message is locked where it is: its deliveries are in its leaf (they move together). */
    public static final String DELIVERY_STATUSES_IN_LEAF = DELIVERY_STATUSES + Leaf.KEYS;
    public static final String SETTLE_IN_LEAF = SETTLE + Leaf.KEYS;
    /** PostgreSQL: the lock of a message where its caller expects it, and in its time's leaves when it moved. */
    public static final String LOCK_IN_LEAF = "SELECT tier, received_at FROM messages WHERE id = ?" + Leaf.KEYS + " FOR NO KEY UPDATE";
    public static final String LOCK_IN_TIME = "SELECT tier, received_at FROM messages WHERE id = ?" + Leaf.TIME + " FOR NO KEY UPDATE";

    private Settlement() {
    }

    /** Settles those of {@code messageIds} (ascending) that have no pending delivery left. */
    static List<Settled> settle(Connection c, Dialect dialect, SortedSet<Long> messageIds, long now)
            throws SQLException {
        return settle(c, dialect, messageIds, Map.of(), now);
    }

    /**
     * Settles those of {@code messageIds} (ascending) that have no pending delivery left; {@code expected} says
     * where some of them are (their partition keys, as far as the caller knows), so that on PostgreSQL each
     * statement reads one leaf instead of every one.
     */
    static List<Settled> settle(Connection c, Dialect dialect, SortedSet<Long> messageIds, Map<Long, Leaf> expected,
                                long now) throws SQLException {
        return settle(c, dialect, null, messageIds, expected, now);
    }

    /**
     * {@link #settle(Connection, Dialect, SortedSet, Map, long)}; with {@code leafTables} (the delivery workers'
     * path), a statement on a leaf known to be there names that leaf instead of the partitioned table.
     */
    static List<Settled> settle(Connection c, Dialect dialect, LeafTables leafTables, SortedSet<Long> messageIds,
                                Map<Long, Leaf> expected, long now) throws SQLException {
        if (messageIds.isEmpty()) return List.of();
        Map<Long, Leaf> found = lock(c, dialect, leafTables, messageIds, expected);
        List<Settled> settled = new ArrayList<>();
        try (Prepared statements = new Prepared(c)) {
            for (long id : messageIds) {
                Leaf leaf = found.get(id);
                String deliveries = leaf == null || leafTables == null ? null : leafTables.named(c, "deliveries", leaf);
                PreparedStatement r = leaf == null ? statements.get(DELIVERY_STATUSES)
                        : deliveries != null ? statements.get(Leaf.on(DELIVERY_STATUSES, "deliveries", deliveries))
                        : statements.get(DELIVERY_STATUSES_IN_LEAF);
                r.setLong(1, id);
                if (leaf != null && deliveries == null) bind(r, 2, leaf);
                MessageStatus status = MessageStatus.derive(statuses(r));
                if (status == MessageStatus.PENDING) continue;
                String messages = leaf == null || leafTables == null ? null : leafTables.named(c, "messages", leaf);
                PreparedStatement u = leaf == null ? statements.get(SETTLE)
                        : messages != null ? statements.get(Leaf.on(SETTLE, "messages", messages))
                        : statements.get(SETTLE_IN_LEAF);
                u.setString(1, status.dbValue());
                u.setLong(2, now);
                u.setLong(3, id);
                if (leaf != null && messages == null) bind(u, 4, leaf);
                if (u.executeUpdate() == 1) settled.add(new Settled(id, status));
            }
        }
        return settled;
    }

    /**
     * Locks the message rows in id order where writers run concurrently; nothing on SQLite. Every write that
     * sets a message's status (settling, and the actions: resend, edit, dismissal) takes these locks before it
     * reads the deliveries it decides on, so none of them decides on deliveries another is still changing.
     *
     * @return where each locked message is (PostgreSQL; empty on SQLite): a locked message cannot move, and its
     *         deliveries are where it is
     */
    static Map<Long, Leaf> lock(Connection c, Dialect dialect, SortedSet<Long> messageIds) throws SQLException {
        return lock(c, dialect, null, messageIds, Map.of());
    }

    /**
     * {@link #lock(Connection, Dialect, SortedSet)}, looking for each message first where {@code expected} says
     * (one leaf), then among the leaves of its time (it moved tier), and only without a time in every leaf.
     */
    static Map<Long, Leaf> lock(Connection c, Dialect dialect, LeafTables leafTables, SortedSet<Long> messageIds,
                                Map<Long, Leaf> expected) throws SQLException {
        if (dialect.lockMessageSql() == null) return Map.of();
        Map<Long, Leaf> found = new HashMap<>();
        try (Prepared statements = new Prepared(c)) {
            for (long id : messageIds) { // ascending: two batches sharing messages wait, never deadlock
                Leaf e = expected.get(id);
                Leaf leaf = null;
                if (e != null && e.tierKnown()) {
                    String table = leafTables == null ? null : leafTables.named(c, "messages", e);
                    PreparedStatement inLeaf = statements.get(table != null ? Leaf.on(dialect.lockMessageSql(), "messages", table) : LOCK_IN_LEAF);
                    inLeaf.setLong(1, id);
                    if (table == null) bind(inLeaf, 2, e);
                    leaf = locked(inLeaf);
                }
                if (leaf == null && e != null) {
                    PreparedStatement inTime = statements.get(LOCK_IN_TIME);
                    inTime.setLong(1, id);
                    inTime.setLong(2, e.receivedAt());
                    leaf = locked(inTime);
                }
                if (leaf == null && e == null) {
                    PreparedStatement anywhere = statements.get(dialect.lockMessageSql());
                    anywhere.setLong(1, id);
                    leaf = locked(anywhere);
                }
                if (leaf != null) found.put(id, leaf);
            }
        }
        return found;
    }

    private static Leaf locked(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? new Leaf(rs.getInt(1), rs.getLong(2)) : null;
        }
    }

    static void bind(PreparedStatement ps, int index, Leaf leaf) throws SQLException {
        ps.setInt(index, leaf.tier());
        ps.setLong(index + 1, leaf.receivedAt());
    }

    private static List<DeliveryStatus> statuses(PreparedStatement read) throws SQLException {
        List<DeliveryStatus> statuses = new ArrayList<>();
        try (ResultSet rs = read.executeQuery()) {
            while (rs.next()) statuses.add(DeliveryStatus.fromDb(rs.getString(1)));
        }
        return statuses;
    }
}
