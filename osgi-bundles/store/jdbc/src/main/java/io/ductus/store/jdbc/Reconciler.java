package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What the store checks at start. Every write is one transaction, so a crash leaves nothing half done;
 * this repairs what older releases or manual edits may have left: messages still pending although none
 * of their deliveries is, and delivery leases that ran out.
 */
public final class Reconciler {

    /** Batches keep each transaction short while the engine starts. */
    static final int BATCH = 500;
    /** Reads the small partial index of pending messages; settling them takes them out of it. */
    public static final String STRANDED = """
            SELECT m.id FROM messages m
            WHERE m.status = 'pending'
              AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.message_id = m.id AND d.status = 'pending')
            LIMIT ?""";
    static final String CLEAR_LEASES = """
            UPDATE deliveries SET lease_until = NULL
            WHERE status = 'pending' AND lease_until IS NOT NULL AND lease_until <= ?""";

    private Reconciler() {
    }

    /** Finds up to {@link #BATCH} stranded messages. */
    static SortedSet<Long> stranded(Connection c) throws SQLException {
        SortedSet<Long> ids = new TreeSet<>();
        try (PreparedStatement ps = c.prepareStatement(STRANDED)) {
            ps.setInt(1, BATCH);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) ids.add(rs.getLong(1));
            }
        }
        return ids;
    }

    static int clearLeases(Connection c, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(CLEAR_LEASES)) {
            ps.setLong(1, now);
            return ps.executeUpdate();
        }
    }
}
