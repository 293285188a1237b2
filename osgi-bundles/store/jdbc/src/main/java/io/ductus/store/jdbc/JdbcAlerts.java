package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.alert.AlertChangeSet;
import io.ductus.store.alert.AlertEventRecord;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.AlertStore;
import io.ductus.store.alert.DestinationActivity;
import io.ductus.store.alert.InterfaceActivity;
import io.ductus.store.alert.NewNotice;
import io.ductus.store.alert.NotificationRecord;
import io.ductus.store.alert.SilenceRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The alerts port on both databases: the SQL of this package run through the database's {@link Transactions}. */
final class JdbcAlerts implements AlertStore {

    private final Dialect dialect;
    private final Transactions transactions;

    JdbcAlerts(Dialect dialect, Transactions transactions) {
        this.dialect = dialect;
        this.transactions = transactions;
    }

    @Override
    public List<InterfaceActivity> interfaceActivity() {
        return transactions.read(ActivityRows::interfaces);
    }

    @Override
    public List<DestinationActivity> destinationActivity() {
        return transactions.read(ActivityRows::destinations);
    }

    /** Relaxed: what a power cut loses is a few seconds of last-moved times, which the next save writes again. */
    @Override
    public void saveActivity(List<InterfaceActivity> interfaces, List<DestinationActivity> destinations) {
        if (interfaces.isEmpty() && destinations.isEmpty()) return;
        transactions.write(Durability.RELAXED, c -> ActivityRows.save(c, interfaces, destinations));
    }

    @Override
    public List<AlertRecord> alerts() {
        return transactions.read(c -> list(c, "SELECT " + AlertRows.ALERT_COLUMNS + " FROM alert_state ORDER BY target",
                AlertRows::alert));
    }

    @Override
    public Optional<AlertRecord> alert(long id) {
        return transactions.read(c -> first(c, "SELECT " + AlertRows.ALERT_COLUMNS + " FROM alert_state WHERE id = " + id,
                AlertRows::alert));
    }

    /**
     * Strict: a change with its notices is what at-least-once starts from, so it must be on disk; the
     * write's failure to match (someone else changed the row) rolls the transaction back.
     */
    @Override
    public Optional<AlertRecord> change(AlertChangeSet change, long now) {
        try {
            return transactions.write(Durability.STRICT, c -> {
                Optional<AlertRecord> written = AlertWrites.change(c, change, now);
                if (written.isEmpty()) throw new Moved();
                return written;
            });
        } catch (RuntimeException e) {
            if (causedBy(e, Moved.class)) return Optional.empty();
            throw e;
        }
    }

    /** Thrown inside a change whose row had moved on, so the transaction rolls back whatever it began. */
    private static final class Moved extends SQLException {
        private static final long serialVersionUID = 1L;
    }

    private static boolean causedBy(Throwable e, Class<?> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) return true;
        }
        return false;
    }

    @Override
    public List<NotificationRecord> claim(long now, long leaseUntil, int limit) {
        return transactions.write(Durability.STRICT, c -> Outbox.claim(c, now, leaseUntil, limit));
    }

    @Override
    public void sent(List<Long> ids, long now) {
        if (!ids.isEmpty()) transactions.write(Durability.STRICT, c -> Outbox.sent(c, ids, now));
    }

    @Override
    public void attemptFailed(List<Long> ids, String error, Long retryAt, long now) {
        if (!ids.isEmpty()) transactions.write(Durability.STRICT, c -> Outbox.failed(c, ids, error, retryAt));
    }

    @Override
    public int releaseLeftLeases() {
        if (dialect != Dialect.SQLITE) return 0;
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE alert_notifications SET lease_until = NULL WHERE status = 'waiting' AND lease_until IS NOT NULL")) {
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public NotificationRecord addTest(String channel, long now, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            AlertWrites.insertNotice(c, null, 0, new NewNotice(channel, "test", "info", null,
                    "a test notification, sent on an operator's request"), null, now, now);
            long id;
            try (PreparedStatement ps = c.prepareStatement("SELECT MAX(id) FROM alert_notifications WHERE channel = ? AND kind = 'test'")) {
                ps.setString(1, channel);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    id = rs.getLong(1);
                }
            }
            if (audit != null) AccountRows.insertAudit(c, audit);
            return notification(c, id).orElseThrow();
        });
    }

    @Override
    public List<AlertEventRecord> history(Long alertId, Long beforeId, int limit) {
        String sql = "SELECT " + AlertRows.EVENT_COLUMNS + " FROM alert_events WHERE 1 = 1"
                + (alertId == null ? "" : " AND alert_id = ?") + (beforeId == null ? "" : " AND id < ?") + " ORDER BY id DESC LIMIT ?";
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                if (alertId != null) ps.setLong(i++, alertId);
                if (beforeId != null) ps.setLong(i++, beforeId);
                ps.setInt(i, limit);
                return rows(ps, AlertRows::event);
            }
        });
    }

    @Override
    public List<NotificationRecord> notifications(String status, Long beforeId, int limit) {
        String sql = "SELECT " + AlertRows.NOTIFICATION_COLUMNS + " FROM alert_notifications WHERE 1 = 1"
                + (status == null ? "" : " AND status = ?") + (beforeId == null ? "" : " AND id < ?") + " ORDER BY id DESC LIMIT ?";
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                int i = 1;
                if (status != null) ps.setString(i++, status);
                if (beforeId != null) ps.setLong(i++, beforeId);
                ps.setInt(i, limit);
                return rows(ps, AlertRows::notification);
            }
        });
    }

    @Override
    public Optional<NotificationRecord> notification(long id) {
        return transactions.read(c -> notification(c, id));
    }

    static Optional<NotificationRecord> notification(Connection c, long id) throws SQLException {
        return first(c, "SELECT " + AlertRows.NOTIFICATION_COLUMNS + " FROM alert_notifications WHERE id = " + id,
                AlertRows::notification);
    }

    @Override
    public List<SilenceRecord> silences(long now) {
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + AlertRows.SILENCE_COLUMNS
                    + " FROM alert_silences WHERE ended_at IS NULL AND ends_at > ? ORDER BY ends_at, id")) {
                ps.setLong(1, now);
                return rows(ps, AlertRows::silence);
            }
        });
    }

    @Override
    public SilenceRecord addSilence(String target, long startsAt, long endsAt, String reason, String createdBy, long now,
                                    AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement("""
                    INSERT INTO alert_silences (target, starts_at, ends_at, reason, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?)""")) {
                ps.setString(1, target);
                ps.setLong(2, startsAt);
                ps.setLong(3, endsAt);
                ps.setString(4, reason);
                ps.setString(5, createdBy);
                ps.setLong(6, now);
                ps.executeUpdate();
            }
            if (audit != null) AccountRows.insertAudit(c, audit);
            return first(c, "SELECT " + AlertRows.SILENCE_COLUMNS + " FROM alert_silences WHERE id = (SELECT MAX(id) FROM alert_silences)",
                    AlertRows::silence).orElseThrow();
        });
    }

    @Override
    public boolean endSilence(long id, String endedBy, long now, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            int changed;
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE alert_silences SET ended_at = ?, ended_by = ? WHERE id = ? AND ended_at IS NULL AND ends_at > ?")) {
                ps.setLong(1, now);
                ps.setString(2, endedBy);
                ps.setLong(3, id);
                ps.setLong(4, now);
                changed = ps.executeUpdate();
            }
            if (changed > 0 && audit != null) AccountRows.insertAudit(c, audit);
            return changed > 0;
        });
    }

    @Override
    public int prune(long before, int limit) {
        return transactions.write(Durability.RELAXED, c -> {
            int n = 0;
            try (PreparedStatement ps = c.prepareStatement(
                    "DELETE FROM alert_events WHERE id IN (SELECT id FROM alert_events WHERE at < ? ORDER BY at LIMIT ?)")) {
                ps.setLong(1, before);
                ps.setInt(2, limit);
                n += ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement("""
                    DELETE FROM alert_notifications WHERE id IN (SELECT id FROM alert_notifications
                    WHERE created_at < ? AND status <> 'waiting' ORDER BY created_at LIMIT ?)""")) {
                ps.setLong(1, before);
                ps.setInt(2, limit);
                n += ps.executeUpdate();
            }
            return n;
        });
    }

    private interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private static <T> List<T> rows(PreparedStatement ps, RowMapper<T> mapper) throws SQLException {
        List<T> all = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) all.add(mapper.map(rs));
        }
        return all;
    }

    private static <T> List<T> list(Connection c, String sql, RowMapper<T> mapper) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            return rows(ps, mapper);
        }
    }

    private static <T> Optional<T> first(Connection c, String sql, RowMapper<T> mapper) throws SQLException {
        List<T> all = list(c, sql, mapper);
        return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
    }
}
