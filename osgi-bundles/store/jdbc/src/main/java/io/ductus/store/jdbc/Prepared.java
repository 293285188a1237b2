package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** The statements one piece of work prepares on its connection, each once by its text, closed together. */
final class Prepared implements AutoCloseable {

    private final Connection c;
    private final Map<String, PreparedStatement> byText = new HashMap<>();

    Prepared(Connection c) {
        this.c = c;
    }

    PreparedStatement get(String sql) throws SQLException {
        PreparedStatement ps = byText.get(sql);
        if (ps == null) {
            ps = c.prepareStatement(sql);
            byText.put(sql, ps);
        }
        return ps;
    }

    @Override
    public void close() throws SQLException {
        SQLException first = null;
        for (PreparedStatement ps : byText.values()) {
            try {
                ps.close();
            } catch (SQLException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw first;
    }
}
