package io.ductus.store.jdbc;

import io.ductus.store.DestinationRef;
import io.ductus.store.account.AuditEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Set;

/** The destinations an operator paused, kept so a pause outlives a restart. */
final class PausedDestinations {

    private static final String ALL = "SELECT interface_name, destination FROM paused_destinations ORDER BY interface_name, destination";
    private static final String PAUSE = """
            INSERT INTO paused_destinations (interface_name, destination, paused_at, paused_by) VALUES (?, ?, ?, ?)
            ON CONFLICT (interface_name, destination) DO NOTHING""";
    private static final String RESUME = "DELETE FROM paused_destinations WHERE interface_name = ? AND destination = ?";

    private PausedDestinations() {
    }

    static Set<DestinationRef> all(Connection c) throws SQLException {
        Set<DestinationRef> paused = new LinkedHashSet<>();
        try (PreparedStatement ps = c.prepareStatement(ALL); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) paused.add(new DestinationRef(rs.getString(1), rs.getString(2)));
        }
        return paused;
    }

    /** Pauses or resumes; the audit row (if any) only when it changed something. */
    static boolean set(Connection c, DestinationRef destination, boolean paused, long now, AuditEntry audit) throws SQLException {
        int changed;
        try (PreparedStatement ps = c.prepareStatement(paused ? PAUSE : RESUME)) {
            ps.setString(1, destination.interfaceName());
            ps.setString(2, destination.destination());
            if (paused) {
                ps.setLong(3, now);
                ps.setString(4, audit == null ? null : audit.actor());
            }
            changed = ps.executeUpdate();
        }
        if (changed > 0 && audit != null) AccountRows.insertAudit(c, audit);
        return changed > 0;
    }
}
