package io.ductus.store.jdbc;

import io.ductus.store.alert.AlertEventRecord;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.NotificationRecord;
import io.ductus.store.alert.SilenceRecord;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Rows of the alert tables to records. */
final class AlertRows {

    static final String ALERT_COLUMNS = """
            id, target, kind, interface_name, status, state, reason, severity, rule_name, since, fired_at, last_notice_at,
            escalated_at, acknowledged_at, acknowledged_by, good_since, told, episode, rev, updated_at""";
    static final String EVENT_COLUMNS = "id, alert_id, target, at, what, status, state, severity, detail, actor, episode";
    static final String NOTIFICATION_COLUMNS = """
            id, alert_id, episode, channel, kind, target, severity, state, reason, created_at, due_at, status, attempts,
            lease_until, last_error, sent_at""";
    static final String SILENCE_COLUMNS = "id, target, starts_at, ends_at, reason, created_by, created_at, ended_at, ended_by";

    private AlertRows() {
    }

    static AlertRecord alert(ResultSet rs) throws SQLException {
        return new AlertRecord(rs.getLong("id"), rs.getString("target"), rs.getString("kind"), rs.getString("interface_name"),
                rs.getString("status"), rs.getString("state"), rs.getString("reason"), rs.getString("severity"),
                rs.getString("rule_name"), Rows.nullableLong(rs, "since"), Rows.nullableLong(rs, "fired_at"),
                Rows.nullableLong(rs, "last_notice_at"), Rows.nullableLong(rs, "escalated_at"),
                Rows.nullableLong(rs, "acknowledged_at"), rs.getString("acknowledged_by"), Rows.nullableLong(rs, "good_since"),
                rs.getString("told"), rs.getInt("episode"), rs.getLong("rev"), rs.getLong("updated_at"));
    }

    static AlertEventRecord event(ResultSet rs) throws SQLException {
        return new AlertEventRecord(rs.getLong("id"), rs.getLong("alert_id"), rs.getString("target"), rs.getLong("at"),
                rs.getString("what"), rs.getString("status"), rs.getString("state"), rs.getString("severity"), rs.getString("detail"),
                rs.getString("actor"), rs.getInt("episode"));
    }

    static NotificationRecord notification(ResultSet rs) throws SQLException {
        return new NotificationRecord(rs.getLong("id"), Rows.nullableLong(rs, "alert_id"), rs.getInt("episode"), rs.getString("channel"),
                rs.getString("kind"), rs.getString("target"), rs.getString("severity"), rs.getString("state"), rs.getString("reason"),
                rs.getLong("created_at"), rs.getLong("due_at"), rs.getString("status"), rs.getInt("attempts"),
                Rows.nullableLong(rs, "lease_until"), rs.getString("last_error"), Rows.nullableLong(rs, "sent_at"));
    }

    static SilenceRecord silence(ResultSet rs) throws SQLException {
        return new SilenceRecord(rs.getLong("id"), rs.getString("target"), rs.getLong("starts_at"), rs.getLong("ends_at"),
                rs.getString("reason"), rs.getString("created_by"), rs.getLong("created_at"), Rows.nullableLong(rs, "ended_at"),
                rs.getString("ended_by"));
    }
}
