package io.ductus.store.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Reading nullable numbers the same way from both drivers. */
final class Rows {

    private Rows() {
    }

    static Long nullableLong(ResultSet rs, String column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? null : value;
    }

    static Integer nullableInteger(ResultSet rs, String column) throws SQLException {
        int value = rs.getInt(column);
        return rs.wasNull() ? null : value;
    }
}
