package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What a deploy asks of one interface's queue as a whole: how many wait in the lanes a lower lane count
 * would drop (the lanes guard), and, for a removal the operator confirmed, filtering everything pending.
 * Both read the interface's pending deliveries through the partial index deliveries_pending.
 */
public final class InterfaceQueue {

    public static final String PENDING_IN_LANES = "SELECT COUNT(*) FROM deliveries WHERE interface_name = ? AND status = 'pending' AND lane >= ?";
    static final String PENDING_MESSAGES = "SELECT DISTINCT message_id, tier, received_at FROM deliveries WHERE interface_name = ? AND status = 'pending'";
    static final String FILTER_PENDING = """
            UPDATE deliveries SET status = 'filtered', last_error = ?, next_attempt_at = NULL, lease_until = NULL, updated_at = ?
            WHERE interface_name = ? AND status = 'pending'""";

    private InterfaceQueue() {
    }

    static long pendingInLanes(Connection c, String interfaceName, int fromLane) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(PENDING_IN_LANES)) {
            ps.setString(1, interfaceName);
            ps.setInt(2, fromLane);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Filters every pending delivery of the interface and settles their messages; returns how many it filtered. */
    static int filterPending(Connection c, Dialect dialect, String interfaceName, String reason, long now) throws SQLException {
        SortedSet<Long> messages = new TreeSet<>();
        java.util.Map<Long, Leaf> leaves = new java.util.HashMap<>(); // where they are, for their settlement
        try (PreparedStatement ps = c.prepareStatement(PENDING_MESSAGES)) {
            ps.setString(1, interfaceName);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    messages.add(rs.getLong(1));
                    if (dialect == Dialect.POSTGRES) leaves.put(rs.getLong(1), new Leaf(rs.getInt(2), rs.getLong(3)));
                }
            }
        }
        int filtered;
        try (PreparedStatement ps = c.prepareStatement(FILTER_PENDING)) {
            ps.setString(1, reason);
            ps.setLong(2, now);
            ps.setString(3, interfaceName);
            filtered = ps.executeUpdate();
        }
        Settlement.settle(c, dialect, messages, leaves, now);
        return filtered;
    }
}
