package io.ductus.store.jdbc;

import io.ductus.store.QuarantinePage;
import io.ductus.store.QuarantineQuery;
import io.ductus.store.QuarantinedDelivery;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Quarantined deliveries across interfaces, newest first: a walk down the partial index
 * {@code deliveries_quarantined_newest} (message, destination), which holds only quarantined rows, each
 * joined to its message by primary key. A page costs its size, whatever else the tables hold.
 */
public final class QuarantineReads {

    private QuarantineReads() {
    }

    public static String pageSql(QuarantineQuery q) {
        StringBuilder sql = new StringBuilder("SELECT ").append(MessageReads.SUMMARY_COLUMNS).append("""
                , d.destination, d.attempts, d.last_error, d.updated_at
                FROM deliveries d JOIN messages m ON m.id = d.message_id
                WHERE d.status = 'quarantined'""");
        if (q.interfaceName() != null) sql.append(" AND d.interface_name = ?");
        if (q.beforeMessageId() != null) sql.append(" AND (d.message_id, d.destination) < (?, ?)");
        return sql.append(" ORDER BY d.message_id DESC, d.destination DESC LIMIT ?").toString();
    }

    static QuarantinePage page(Connection c, QuarantineQuery q) throws SQLException {
        List<QuarantinedDelivery> rows = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(pageSql(q))) {
            int i = 1;
            if (q.interfaceName() != null) ps.setString(i++, q.interfaceName());
            if (q.beforeMessageId() != null) {
                ps.setLong(i++, q.beforeMessageId());
                ps.setString(i++, q.beforeDestination());
            }
            ps.setInt(i, q.limit() + 1);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(new QuarantinedDelivery(MessageReads.summary(rs), rs.getString("destination"),
                            rs.getInt("attempts"), rs.getString("last_error"), rs.getLong("updated_at")));
                }
            }
        }
        boolean more = rows.size() > q.limit();
        List<QuarantinedDelivery> page = more ? rows.subList(0, q.limit()) : rows;
        return new QuarantinePage(page, more ? page.get(page.size() - 1) : null);
    }
}
