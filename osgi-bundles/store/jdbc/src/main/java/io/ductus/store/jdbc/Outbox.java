package io.ductus.store.jdbc;

import io.ductus.store.alert.NotificationRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The notification outbox's claims: due rows are found through the partial index of waiting rows, then
 * each is leased by an UPDATE that holds only while no other sender has a live lease on it, so two senders
 * (two engines) never both take a row; a dead sender's lease runs out and the row is taken again.
 */
final class Outbox {

    private static final String DUE = """
            SELECT id FROM alert_notifications
            WHERE status = 'waiting' AND due_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
            ORDER BY due_at, id LIMIT ?""";
    private static final String LEASE = """
            UPDATE alert_notifications SET lease_until = ?
            WHERE id = ? AND status = 'waiting' AND (lease_until IS NULL OR lease_until <= ?)""";
    private static final String SENT = """
            UPDATE alert_notifications SET status = 'sent', sent_at = ?, lease_until = NULL, attempts = attempts + 1, last_error = NULL
            WHERE id = ? AND status = 'waiting'""";
    private static final String RETRY = """
            UPDATE alert_notifications SET due_at = ?, lease_until = NULL, attempts = attempts + 1, last_error = ?
            WHERE id = ? AND status = 'waiting'""";
    private static final String GIVE_UP = """
            UPDATE alert_notifications SET status = 'failed', lease_until = NULL, attempts = attempts + 1, last_error = ?
            WHERE id = ? AND status = 'waiting'""";

    private Outbox() {
    }

    static List<NotificationRecord> claim(Connection c, long now, long leaseUntil, int limit) throws SQLException {
        List<Long> due = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(DUE)) {
            ps.setLong(1, now);
            ps.setLong(2, now);
            ps.setInt(3, limit);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) due.add(rs.getLong(1));
            }
        }
        List<NotificationRecord> claimed = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(LEASE)) {
            for (long id : due) {
                ps.setLong(1, leaseUntil);
                ps.setLong(2, id);
                ps.setLong(3, now);
                if (ps.executeUpdate() == 1) claimed.add(JdbcAlerts.notification(c, id).orElseThrow());
            }
        }
        return claimed;
    }

    static Void sent(Connection c, List<Long> ids, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(SENT)) {
            for (long id : ids) {
                ps.setLong(1, now);
                ps.setLong(2, id);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return null;
    }

    static Void failed(Connection c, List<Long> ids, String error, Long retryAt) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(retryAt == null ? GIVE_UP : RETRY)) {
            for (long id : ids) {
                int i = 1;
                if (retryAt != null) ps.setLong(i++, retryAt);
                ps.setString(i++, error);
                ps.setLong(i, id);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return null;
    }
}
