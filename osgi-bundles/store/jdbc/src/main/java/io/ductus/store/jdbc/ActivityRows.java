package io.ductus.store.jdbc;

import io.ductus.store.DestinationRef;
import io.ductus.store.alert.DestinationActivity;
import io.ductus.store.alert.InterfaceActivity;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * interface_activity and destination_activity: saved as upserts whose times only move forward (and
 * watched_since only back), so an engine's older write can never undo a newer one.
 */
final class ActivityRows {

    private static final String SAVE_INTERFACE = """
            INSERT INTO interface_activity (interface_name, watched_since, last_received) VALUES (?, ?, ?)
            ON CONFLICT (interface_name) DO UPDATE SET
              watched_since = CASE WHEN excluded.watched_since < interface_activity.watched_since
                                   THEN excluded.watched_since ELSE interface_activity.watched_since END,
              last_received = CASE WHEN interface_activity.last_received IS NULL
                                     OR excluded.last_received > interface_activity.last_received
                                   THEN excluded.last_received ELSE interface_activity.last_received END""";
    private static final String SAVE_DESTINATION = """
            INSERT INTO destination_activity (interface_name, destination, watched_since, last_finished, last_error_at, last_error,
                                              baseline)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (interface_name, destination) DO UPDATE SET
              watched_since = CASE WHEN excluded.watched_since < destination_activity.watched_since
                                   THEN excluded.watched_since ELSE destination_activity.watched_since END,
              last_finished = CASE WHEN destination_activity.last_finished IS NULL
                                     OR excluded.last_finished > destination_activity.last_finished
                                   THEN excluded.last_finished ELSE destination_activity.last_finished END,
              last_error    = CASE WHEN destination_activity.last_error_at IS NULL
                                     OR excluded.last_error_at > destination_activity.last_error_at
                                   THEN excluded.last_error ELSE destination_activity.last_error END,
              last_error_at = CASE WHEN destination_activity.last_error_at IS NULL
                                     OR excluded.last_error_at > destination_activity.last_error_at
                                   THEN excluded.last_error_at ELSE destination_activity.last_error_at END,
              baseline      = COALESCE(excluded.baseline, destination_activity.baseline)""";

    private ActivityRows() {
    }

    static List<InterfaceActivity> interfaces(Connection c) throws SQLException {
        List<InterfaceActivity> all = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT interface_name, watched_since, last_received FROM interface_activity");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) all.add(new InterfaceActivity(rs.getString(1), rs.getLong(2), Rows.nullableLong(rs, "last_received")));
        }
        return all;
    }

    static List<DestinationActivity> destinations(Connection c) throws SQLException {
        List<DestinationActivity> all = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT interface_name, destination, watched_since, last_finished, last_error_at, last_error, baseline
                FROM destination_activity"""); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                all.add(new DestinationActivity(new DestinationRef(rs.getString(1), rs.getString(2)), rs.getLong(3),
                        Rows.nullableLong(rs, "last_finished"), Rows.nullableLong(rs, "last_error_at"), rs.getString(6),
                        rs.getString(7)));
            }
        }
        return all;
    }

    static Void save(Connection c, List<InterfaceActivity> interfaces, List<DestinationActivity> destinations) throws SQLException {
        if (!interfaces.isEmpty()) {
            try (PreparedStatement ps = c.prepareStatement(SAVE_INTERFACE)) {
                for (InterfaceActivity a : interfaces) {
                    ps.setString(1, a.interfaceName());
                    ps.setLong(2, a.watchedSince());
                    AccountRows.setNullableLong(ps, 3, a.lastReceived());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        if (!destinations.isEmpty()) {
            try (PreparedStatement ps = c.prepareStatement(SAVE_DESTINATION)) {
                for (DestinationActivity a : destinations) {
                    ps.setString(1, a.destination().interfaceName());
                    ps.setString(2, a.destination().destination());
                    ps.setLong(3, a.watchedSince());
                    AccountRows.setNullableLong(ps, 4, a.lastFinished());
                    AccountRows.setNullableLong(ps, 5, a.lastErrorAt());
                    ps.setString(6, a.lastError());
                    ps.setString(7, a.baseline());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
        }
        return null;
    }
}
