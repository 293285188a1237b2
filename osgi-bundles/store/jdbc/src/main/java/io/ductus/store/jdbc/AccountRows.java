package io.ductus.store.jdbc;

import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.SignInFailures;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Arrays;
import java.util.Collection;
import java.util.Set;
import java.util.TreeSet;

/** Rows of the accounts tables to records and back; the one INSERT of the audit log. */
final class AccountRows {

    static final String USER_COLUMNS = """
            u.id AS u_id, u.username AS u_username, u.role AS u_role, u.permissions AS u_permissions,
            u.password_hash AS u_password_hash, u.must_change_password AS u_must_change,
            (SELECT COALESCE(SUM(f.failures), 0) FROM sign_in_failures f WHERE f.username = u.username) AS u_failed,
            (SELECT MAX(f.last_at) FROM sign_in_failures f WHERE f.username = u.username) AS u_failed_since,
            (SELECT MAX(f.locked_until) FROM sign_in_failures f WHERE f.username = u.username) AS u_locked_until,
            u.disabled_at AS u_disabled_at,
            u.created_at AS u_created_at, u.password_changed_at AS u_password_changed_at""";
    static final String TOKEN_COLUMNS = """
            t.id AS t_id, t.name AS t_name, t.role AS t_role, t.permissions AS t_permissions, t.user_id AS t_user_id,
            t.created_at AS t_created_at, t.created_by AS t_created_by, t.revoked_at AS t_revoked_at""";
    private static final String INSERT_AUDIT = """
            INSERT INTO audit_log (at, actor, user_id, token_id, via, address, action, target, outcome, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""";

    private AccountRows() {
    }

    /** The stored form of a set of permissions: sorted, comma-separated, '' for none. */
    static String permissions(Collection<String> permissions) {
        return String.join(",", new TreeSet<>(permissions));
    }

    static Set<String> permissions(String stored) {
        return stored == null || stored.isEmpty() ? Set.of() : Set.copyOf(Arrays.asList(stored.split(",")));
    }

    static UserRecord user(ResultSet rs) throws SQLException {
        return new UserRecord(rs.getLong("u_id"), rs.getString("u_username"), rs.getString("u_role"),
                permissions(rs.getString("u_permissions")), rs.getString("u_password_hash"),
                rs.getInt("u_must_change") != 0,
                new SignInFailures(rs.getInt("u_failed"), Rows.nullableLong(rs, "u_failed_since"),
                        Rows.nullableLong(rs, "u_locked_until")),
                Rows.nullableLong(rs, "u_disabled_at"), rs.getLong("u_created_at"),
                Rows.nullableLong(rs, "u_password_changed_at"));
    }

    /** A token row; {@code username} comes from a join with its owner (null without one). */
    static TokenRecord token(ResultSet rs, String username) throws SQLException {
        return new TokenRecord(rs.getLong("t_id"), rs.getString("t_name"), rs.getString("t_role"),
                permissions(rs.getString("t_permissions")), Rows.nullableLong(rs, "t_user_id"), username,
                rs.getLong("t_created_at"), rs.getString("t_created_by"), Rows.nullableLong(rs, "t_revoked_at"));
    }

    static AuditRecord audit(ResultSet rs) throws SQLException {
        return new AuditRecord(rs.getLong("id"), new AuditEntry(rs.getLong("at"), rs.getString("actor"),
                Rows.nullableLong(rs, "user_id"), Rows.nullableLong(rs, "token_id"), rs.getString("via"),
                rs.getString("address"), rs.getString("action"), rs.getString("target"), rs.getString("outcome"),
                rs.getString("detail")));
    }

    static void insertAudit(Connection c, AuditEntry e) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(INSERT_AUDIT)) {
            ps.setLong(1, e.at());
            ps.setString(2, e.actor());
            setNullableLong(ps, 3, e.userId());
            setNullableLong(ps, 4, e.tokenId());
            ps.setString(5, e.via());
            ps.setString(6, e.address());
            ps.setString(7, e.action());
            ps.setString(8, e.target());
            ps.setString(9, e.outcome());
            ps.setString(10, e.detail());
            ps.executeUpdate();
        }
    }

    static void setNullableLong(PreparedStatement ps, int index, Long value) throws SQLException {
        if (value == null) ps.setNull(index, Types.BIGINT);
        else ps.setLong(index, value);
    }
}
