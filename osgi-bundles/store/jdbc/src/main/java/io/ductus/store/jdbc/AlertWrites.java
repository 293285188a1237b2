package io.ductus.store.jdbc;

import io.ductus.store.alert.AlertChangeSet;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.NewEvent;
import io.ductus.store.alert.NewNotice;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Writes one decided alert change: the row (conditional on the rev it was decided from), its history lines,
 * its outbox rows and an audit row, in the caller's transaction. When the row moved on since the decision,
 * nothing is written and the caller rolls back: of two engines deciding the same change, one records it.
 */
final class AlertWrites {

    private static final String INSERT = """
            INSERT INTO alert_state (target, kind, interface_name, status, state, reason, severity, rule_name, since, fired_at,
                                     last_notice_at, escalated_at, acknowledged_at, acknowledged_by, good_since, told, episode,
                                     rev, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)
            ON CONFLICT (target) DO NOTHING""";
    private static final String UPDATE = """
            UPDATE alert_state SET kind = ?, interface_name = ?, status = ?, state = ?, reason = ?, severity = ?, rule_name = ?,
                   since = ?, fired_at = ?, last_notice_at = ?, escalated_at = ?, acknowledged_at = ?, acknowledged_by = ?,
                   good_since = ?, told = ?, episode = ?, rev = rev + 1, updated_at = ?
            WHERE id = ? AND rev = ?""";
    private static final String INSERT_EVENT = """
            INSERT INTO alert_events (alert_id, target, at, what, status, state, severity, detail, actor, episode)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";
    private static final String OPEN_GROUP = """
            SELECT MIN(due_at) FROM alert_notifications
            WHERE status = 'waiting' AND due_at > ? AND channel = ? AND (lease_until IS NULL OR lease_until <= ?)""";
    private static final String CANCEL_WAITING = """
            UPDATE alert_notifications SET status = 'cancelled', lease_until = NULL
            WHERE alert_id = ? AND episode = ? AND channel = ? AND status = 'waiting' AND (lease_until IS NULL OR lease_until <= ?)""";
    /** Notices of the episode that were sent, are being sent (leased), or were tried: the channel heard, or may have. */
    private static final String TOLD = """
            SELECT COUNT(*) FROM alert_notifications
            WHERE alert_id = ? AND episode = ? AND channel = ? AND status IN ('sent', 'waiting', 'failed')""";
    static final String INSERT_NOTICE = """
            INSERT INTO alert_notifications (alert_id, episode, channel, kind, target, severity, state, reason, created_at, due_at,
                                             status, attempts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'waiting', 0)""";

    private AlertWrites() {
    }

    static Optional<AlertRecord> change(Connection c, AlertChangeSet change, long now) throws SQLException {
        AlertRecord next = change.next();
        long id;
        if (next.rev() == 0) {
            try (PreparedStatement ps = c.prepareStatement(INSERT)) {
                int i = 1;
                ps.setString(i++, next.target());
                i = bindState(ps, i, next);
                ps.setLong(i, now);
                if (ps.executeUpdate() == 0) return Optional.empty();
            }
            id = idOf(c, next.target());
        } else {
            try (PreparedStatement ps = c.prepareStatement(UPDATE)) {
                int i = bindState(ps, 1, next);
                ps.setLong(i++, now);
                ps.setLong(i++, next.id());
                ps.setLong(i, next.rev());
                if (ps.executeUpdate() == 0) return Optional.empty();
            }
            id = next.id();
        }
        for (NewEvent e : change.events()) event(c, id, next, e, now);
        for (NewNotice n : change.notices()) notice(c, id, next, n, change, now);
        if (change.audit() != null) AccountRows.insertAudit(c, change.audit());
        return Optional.of(read(c, id));
    }

    private static int bindState(PreparedStatement ps, int i, AlertRecord r) throws SQLException {
        ps.setString(i++, r.kind());
        ps.setString(i++, r.interfaceName());
        ps.setString(i++, r.status());
        ps.setString(i++, r.state());
        ps.setString(i++, r.reason());
        ps.setString(i++, r.severity());
        ps.setString(i++, r.rule());
        AccountRows.setNullableLong(ps, i++, r.since());
        AccountRows.setNullableLong(ps, i++, r.firedAt());
        AccountRows.setNullableLong(ps, i++, r.lastNoticeAt());
        AccountRows.setNullableLong(ps, i++, r.escalatedAt());
        AccountRows.setNullableLong(ps, i++, r.acknowledgedAt());
        ps.setString(i++, r.acknowledgedBy());
        AccountRows.setNullableLong(ps, i++, r.goodSince());
        ps.setString(i++, r.told());
        ps.setInt(i++, r.episode());
        return i;
    }

    private static void event(Connection c, long id, AlertRecord r, NewEvent e, long now) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT_EVENT)) {
            ps.setLong(1, id);
            ps.setString(2, r.target());
            ps.setLong(3, now);
            ps.setString(4, e.what());
            ps.setString(5, r.status());
            ps.setString(6, r.state());
            ps.setString(7, r.severity());
            ps.setString(8, e.detail());
            ps.setString(9, e.actor());
            ps.setInt(10, r.episode());
            ps.executeUpdate();
        }
    }

    private static void notice(Connection c, long id, AlertRecord r, NewNotice n, AlertChangeSet change, long now) throws SQLException {
        if (n.recovery()) {
            try (PreparedStatement ps = c.prepareStatement(CANCEL_WAITING)) {
                ps.setLong(1, id);
                ps.setInt(2, r.episode());
                ps.setString(3, n.channel());
                ps.setLong(4, now);
                ps.executeUpdate();
            }
            if (count(c, TOLD, id, r.episode(), n.channel()) == 0) return; // never told: nothing to take back
        }
        Optional<Long> group;
        try (PreparedStatement ps = c.prepareStatement(OPEN_GROUP)) {
            ps.setLong(1, now);
            ps.setString(2, n.channel());
            ps.setLong(3, now);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                long due = rs.getLong(1);
                group = rs.wasNull() ? Optional.empty() : Optional.of(due);
            }
        }
        insertNotice(c, id, r.episode(), n, r.target(), now, change.due().at(n, group));
    }

    static void insertNotice(Connection c, Long alertId, int episode, NewNotice n, String target, long now, long due) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT_NOTICE)) {
            AccountRows.setNullableLong(ps, 1, alertId);
            ps.setInt(2, episode);
            ps.setString(3, n.channel());
            ps.setString(4, n.kind());
            ps.setString(5, target);
            ps.setString(6, n.severity());
            ps.setString(7, n.state());
            ps.setString(8, n.reason());
            ps.setLong(9, now);
            ps.setLong(10, due);
            ps.executeUpdate();
        }
    }

    private static long count(Connection c, String sql, long id, int episode, String channel) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, id);
            ps.setInt(2, episode);
            ps.setString(3, channel);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static long idOf(Connection c, String target) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM alert_state WHERE target = ?")) {
            ps.setString(1, target);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static AlertRecord read(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + AlertRows.ALERT_COLUMNS + " FROM alert_state WHERE id = ?")) {
            ps.setLong(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return AlertRows.alert(rs);
            }
        }
    }
}
