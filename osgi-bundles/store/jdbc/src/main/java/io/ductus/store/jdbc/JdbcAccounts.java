package io.ductus.store.jdbc;

import static io.ductus.store.jdbc.AccountRows.TOKEN_COLUMNS;
import static io.ductus.store.jdbc.AccountRows.USER_COLUMNS;
import static io.ductus.store.jdbc.AccountRows.insertAudit;
import static io.ductus.store.jdbc.AccountRows.setNullableLong;

import io.ductus.store.Durability;
import io.ductus.store.account.AccountConflictException;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditPage;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.NewSession;
import io.ductus.store.account.NewToken;
import io.ductus.store.account.NewUser;
import io.ductus.store.account.SessionIdentity;
import io.ductus.store.account.SessionRecord;
import io.ductus.store.account.SignInFailures;
import io.ductus.store.account.TokenIdentity;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The accounts port in SQL shared by both databases. Every change runs in one write transaction with its
 * audit row; on SQLite that is one caller of the group commit (these writes are rare and short, so they
 * ride along with the intake's batches without holding them up).
 */
final class JdbcAccounts implements AccountStore {

    private static final String RECORDED_SINCE =
            "SELECT 1 FROM audit_log WHERE target = ? AND at >= ? AND actor = ? AND action = ? LIMIT 1";
    private static final String USER_BY_NAME = "SELECT " + USER_COLUMNS + " FROM users u WHERE u.username = ?";
    private static final String USER_BY_ID = "SELECT " + USER_COLUMNS + " FROM users u WHERE u.id = ?";
    private static final String ALL_USERS = "SELECT " + USER_COLUMNS + " FROM users u ORDER BY u.username";
    private static final String INSERT_USER = """
            INSERT INTO users (username, role, permissions, password_hash, must_change_password, failed_sign_ins,
                               created_at, password_changed_at)
            VALUES (?, ?, ?, ?, ?, 0, ?, ?) RETURNING id""";
    private static final String SET_PASSWORD = """
            UPDATE users SET password_hash = ?, must_change_password = ?, password_changed_at = ?,
                             failed_sign_ins = 0, failed_since = NULL, locked_until = NULL
            WHERE id = ?""";
    private static final String CLEAR_USER_FAILURES =
            "DELETE FROM sign_in_failures WHERE username = (SELECT username FROM users WHERE id = ?)";
    private static final String FORGET_FAILURES = "DELETE FROM sign_in_failures WHERE last_at < ?";
    private static final String FAILURES = "SELECT failures, last_at, locked_until FROM sign_in_failures WHERE username = ? AND address = ?";
    // Takes the row's lock on PostgreSQL before the read (SQLite has one writer anyway); the row is made when missing.
    private static final String LOCK_FAILURES = """
            INSERT INTO sign_in_failures (username, address, failures, last_at, locked_until) VALUES (?, ?, 0, ?, NULL)
            ON CONFLICT (username, address) DO UPDATE SET failures = sign_in_failures.failures""";
    private static final String SET_FAILURES =
            "UPDATE sign_in_failures SET failures = ?, last_at = ?, locked_until = ? WHERE username = ? AND address = ?";
    private static final String CLEAR_FAILURES = "DELETE FROM sign_in_failures WHERE username = ? AND address = ?";
    private static final String END_SESSIONS_BUT = "DELETE FROM api_sessions WHERE user_id = ? AND id <> ?";
    private static final String END_SESSIONS = "DELETE FROM api_sessions WHERE user_id = ?";
    private static final String END_STALE_SESSIONS = "DELETE FROM api_sessions WHERE user_id = ? AND (last_seen_at < ? OR created_at < ?)";
    private static final String INSERT_SESSION = """
            INSERT INTO api_sessions (session_hash, csrf_hash, user_id, created_at, last_seen_at)
            VALUES (?, ?, ?, ?, ?) RETURNING id""";
    private static final String SESSION_BY_HASH = "SELECT s.id AS s_id, s.user_id AS s_user_id, s.csrf_hash AS s_csrf_hash,"
            + " s.created_at AS s_created_at, s.last_seen_at AS s_last_seen_at, " + USER_COLUMNS
            + " FROM api_sessions s JOIN users u ON u.id = s.user_id WHERE s.session_hash = ?";
    private static final String TOUCH_SESSION = "UPDATE api_sessions SET last_seen_at = ? WHERE id = ? AND last_seen_at < ?";
    private static final String DELETE_SESSION = "DELETE FROM api_sessions WHERE id = ?";
    private static final String TOKEN_NAME_TAKEN = """
            SELECT id FROM api_tokens WHERE name = ? AND revoked_at IS NULL
               AND (user_id = ? OR (user_id IS NULL AND ? IS NULL))""";
    private static final String INSERT_TOKEN = """
            INSERT INTO api_tokens (name, token_hash, role, permissions, user_id, created_at, created_by)
            VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id""";
    private static final String ALL_TOKENS = "SELECT " + TOKEN_COLUMNS + ", u.username AS owner_name"
            + " FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id ORDER BY t.id DESC";
    private static final String TOKEN_BY_ID = "SELECT " + TOKEN_COLUMNS + ", u.username AS owner_name"
            + " FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id WHERE t.id = ?";
    private static final String TOKEN_BY_HASH = "SELECT " + TOKEN_COLUMNS + ", " + USER_COLUMNS
            + " FROM api_tokens t LEFT JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?";
    private static final String REVOKE_TOKEN = "UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL";
    private static final String AUDIT_COLUMNS = "id, at, actor, user_id, token_id, via, address, action, target, outcome, detail";

    private final Transactions transactions;

    JdbcAccounts(Transactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public Optional<UserRecord> user(String username) {
        return transactions.read(c -> userBy(c, USER_BY_NAME, username));
    }

    @Override
    public Optional<UserRecord> user(long id) {
        return transactions.read(c -> userBy(c, USER_BY_ID, id));
    }

    @Override
    public List<UserRecord> users() {
        return transactions.read(c -> {
            List<UserRecord> users = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(ALL_USERS); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) users.add(AccountRows.user(rs));
            }
            return users;
        });
    }

    @Override
    public UserRecord createUser(NewUser user, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            if (userBy(c, USER_BY_NAME, user.username()).isPresent()) {
                throw new AccountConflictException("there is already a user named '" + user.username() + "'");
            }
            long id;
            try (PreparedStatement ps = c.prepareStatement(INSERT_USER)) {
                ps.setString(1, user.username());
                ps.setString(2, user.role());
                ps.setString(3, AccountRows.permissions(user.permissions()));
                ps.setString(4, user.passwordHash());
                ps.setInt(5, user.mustChangePassword() ? 1 : 0);
                ps.setLong(6, user.createdAt());
                ps.setLong(7, user.createdAt());
                id = returnedId(ps);
            }
            insertAudit(c, audit);
            return userBy(c, USER_BY_ID, id).orElseThrow();
        });
    }

    @Override
    public boolean setPassword(long userId, String passwordHash, boolean mustChange, Long keepSessionId, long now,
                               AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(SET_PASSWORD)) {
                ps.setString(1, passwordHash);
                ps.setInt(2, mustChange ? 1 : 0);
                ps.setLong(3, now);
                ps.setLong(4, userId);
                if (ps.executeUpdate() == 0) return false;
            }
            try (PreparedStatement ps = c.prepareStatement(CLEAR_USER_FAILURES)) {
                ps.setLong(1, userId);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(keepSessionId == null ? END_SESSIONS : END_SESSIONS_BUT)) {
                ps.setLong(1, userId);
                if (keepSessionId != null) ps.setLong(2, keepSessionId);
                ps.executeUpdate();
            }
            insertAudit(c, audit);
            return true;
        });
    }

    @Override
    public SignInFailures signInFailures(String username, String address) {
        return transactions.read(c -> failures(c, username, address));
    }

    private static SignInFailures failures(Connection c, String username, String address) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(FAILURES)) {
            ps.setString(1, username);
            ps.setString(2, address(address));
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return SignInFailures.NONE;
                return new SignInFailures(rs.getInt(1), Rows.nullableLong(rs, "last_at"), Rows.nullableLong(rs, "locked_until"));
            }
        }
    }

    @Override
    public SignInFailures failedSignIn(String username, String address, long forgetBefore, UnaryOperator<SignInFailures> next,
                                       Function<SignInFailures, AuditEntry> audit) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(FORGET_FAILURES)) {
                ps.setLong(1, forgetBefore);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(LOCK_FAILURES)) {
                ps.setString(1, username);
                ps.setString(2, address(address));
                ps.setLong(3, forgetBefore);
                ps.executeUpdate();
            }
            SignInFailures before = failures(c, username, address);
            SignInFailures failures = next.apply(before.count() == 0 ? SignInFailures.NONE : before);
            try (PreparedStatement ps = c.prepareStatement(SET_FAILURES)) {
                ps.setInt(1, failures.count());
                ps.setLong(2, failures.lastAt() == null ? forgetBefore : failures.lastAt());
                setNullableLong(ps, 3, failures.lockedUntil());
                ps.setString(4, username);
                ps.setString(5, address(address));
                ps.executeUpdate();
            }
            insertAudit(c, audit.apply(failures));
            return failures;
        });
    }

    @Override
    public void clearSignInFailures(String username, String address) {
        transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(CLEAR_FAILURES)) {
                ps.setString(1, username);
                ps.setString(2, address(address));
                return ps.executeUpdate();
            }
        });
    }

    /** Calls from no network address (in-process) are counted together. */
    private static String address(String address) {
        return address == null ? "" : address;
    }

    @Override
    public SessionRecord signIn(NewSession session, long staleBefore, long expiredBefore, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(END_STALE_SESSIONS)) {
                ps.setLong(1, session.userId());
                ps.setLong(2, staleBefore);
                ps.setLong(3, expiredBefore);
                ps.executeUpdate();
            }
            long id;
            try (PreparedStatement ps = c.prepareStatement(INSERT_SESSION)) {
                ps.setString(1, session.sessionHash());
                ps.setString(2, session.csrfHash());
                ps.setLong(3, session.userId());
                ps.setLong(4, session.createdAt());
                ps.setLong(5, session.createdAt());
                id = returnedId(ps);
            }
            insertAudit(c, audit);
            return new SessionRecord(id, session.userId(), session.csrfHash(), session.createdAt(), session.createdAt());
        });
    }

    @Override
    public Optional<SessionIdentity> session(String sessionHash) {
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(SESSION_BY_HASH)) {
                ps.setString(1, sessionHash);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) return Optional.empty();
                    SessionRecord s = new SessionRecord(rs.getLong("s_id"), rs.getLong("s_user_id"),
                            rs.getString("s_csrf_hash"), rs.getLong("s_created_at"), rs.getLong("s_last_seen_at"));
                    return Optional.of(new SessionIdentity(s, AccountRows.user(rs)));
                }
            }
        });
    }

    @Override
    public void touchSession(long sessionId, long now) {
        transactions.write(Durability.RELAXED, c -> {
            try (PreparedStatement ps = c.prepareStatement(TOUCH_SESSION)) {
                ps.setLong(1, now);
                ps.setLong(2, sessionId);
                ps.setLong(3, now);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public boolean signOut(long sessionId, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(DELETE_SESSION)) {
                ps.setLong(1, sessionId);
                if (ps.executeUpdate() == 0) return false;
            }
            insertAudit(c, audit);
            return true;
        });
    }

    @Override
    public TokenRecord createToken(NewToken token, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(TOKEN_NAME_TAKEN)) {
                ps.setString(1, token.name());
                setNullableLong(ps, 2, token.userId());
                setNullableLong(ps, 3, token.userId());
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) throw new AccountConflictException("there is already a token named '" + token.name()
                            + "'" + (token.userId() == null ? "" : " for this user") + "; revoke it or choose another name");
                }
            }
            long id;
            try (PreparedStatement ps = c.prepareStatement(INSERT_TOKEN)) {
                ps.setString(1, token.name());
                ps.setString(2, token.tokenHash());
                ps.setString(3, token.role());
                ps.setString(4, AccountRows.permissions(token.permissions()));
                setNullableLong(ps, 5, token.userId());
                ps.setLong(6, token.createdAt());
                ps.setString(7, token.createdBy());
                id = returnedId(ps);
            }
            insertAudit(c, audit);
            try (PreparedStatement ps = c.prepareStatement(TOKEN_BY_ID)) {
                ps.setLong(1, id);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return AccountRows.token(rs, rs.getString("owner_name"));
                }
            }
        });
    }

    @Override
    public List<TokenRecord> tokens() {
        return transactions.read(c -> {
            List<TokenRecord> tokens = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(ALL_TOKENS); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) tokens.add(AccountRows.token(rs, rs.getString("owner_name")));
            }
            return tokens;
        });
    }

    @Override
    public Optional<TokenIdentity> token(String tokenHash) {
        return transactions.read(c -> {
            try (PreparedStatement ps = c.prepareStatement(TOKEN_BY_HASH)) {
                ps.setString(1, tokenHash);
                try (ResultSet rs = ps.executeQuery()) {
                    if (!rs.next()) return Optional.empty();
                    boolean owned = Rows.nullableLong(rs, "t_user_id") != null;
                    UserRecord owner = owned ? AccountRows.user(rs) : null;
                    return Optional.of(new TokenIdentity(AccountRows.token(rs, owned ? owner.username() : null), owner));
                }
            }
        });
    }

    @Override
    public boolean revokeToken(long tokenId, long now, AuditEntry audit) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(REVOKE_TOKEN)) {
                ps.setLong(1, now);
                ps.setLong(2, tokenId);
                if (ps.executeUpdate() == 0) return false;
            }
            insertAudit(c, audit);
            return true;
        });
    }

    @Override
    public void record(AuditEntry entry) {
        transactions.write(Durability.STRICT, c -> {
            insertAudit(c, entry);
            return null;
        });
    }

    @Override
    public boolean recordOnceSince(AuditEntry entry, long since) {
        return transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(RECORDED_SINCE)) {
                ps.setString(1, entry.target());
                ps.setLong(2, since);
                ps.setString(3, entry.actor());
                ps.setString(4, entry.action());
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) return false;
                }
            }
            insertAudit(c, entry);
            return true;
        });
    }

    @Override
    public AuditPage audit(AuditQuery q) {
        StringBuilder sql = new StringBuilder("SELECT ").append(AUDIT_COLUMNS).append(" FROM audit_log WHERE 1 = 1");
        if (q.userId() != null) sql.append(" AND user_id = ?");
        if (q.tokenId() != null) sql.append(" AND token_id = ?");
        if (q.beforeId() != null) sql.append(" AND id < ?");
        sql.append(" ORDER BY id DESC LIMIT ?");
        return transactions.read(c -> {
            List<AuditRecord> rows = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
                int i = 1;
                if (q.userId() != null) ps.setLong(i++, q.userId());
                if (q.tokenId() != null) ps.setLong(i++, q.tokenId());
                if (q.beforeId() != null) ps.setLong(i++, q.beforeId());
                ps.setInt(i, q.limit() + 1);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) rows.add(AccountRows.audit(rs));
                }
            }
            boolean more = rows.size() > q.limit();
            if (more) rows = rows.subList(0, q.limit());
            return new AuditPage(rows, more ? rows.get(rows.size() - 1).id() : null);
        });
    }

    private static Optional<UserRecord> userBy(Connection c, String sql, Object key) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (key instanceof Long id) ps.setLong(1, id);
            else ps.setString(1, (String) key);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(AccountRows.user(rs)) : Optional.empty();
            }
        }
    }

    private static long returnedId(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) throw new SQLException("INSERT ... RETURNING id returned no row");
            return rs.getLong(1);
        }
    }
}
