package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.retention.RetentionStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Retention in SQL shared by both databases. A purge batch walks one interface's messages by id
 * (messages_by_interface) and deletes the finished ones past the cutoff with their deliveries (by the
 * deliveries' primary key) and dedupe claims (by theirs): every lookup by key, so a batch costs the same
 * whatever the table holds.
 *
 * <p>Where writers run concurrently (PostgreSQL) the batch first locks the messages it will delete, in id
 * order, re-checking their status: a resend, an edit or a dismissal locks a message before it changes its
 * status (see {@link Settlement#lock}), so a message resent a moment ago is pending again by then and stays.
 */
final class JdbcRetention implements RetentionStore {

    private static final String WALK = """
            SELECT id, received_at, status, dedupe_key FROM messages
            WHERE interface_name = ? AND id > ? ORDER BY id LIMIT ?""";
    /**
     * PostgreSQL's walk: only the messages received before the cutoff, so that it reads the leaves of that time
     * (the expired ones, the held area's months, a longer tier's leaf the cutoff falls in) and not every leaf:
     * the walk by (interface, id) was a merge of every leaf's index (bench/run retention --quick: 4,717 purged
     * a second against 24,528 before the partitions). It ends when it finds fewer than it asked for. (SQLite
     * keeps the walk that stops at the first message inside the window: there a condition on the time would read
     * the interface's whole window to find nothing.)
     */
    private static final String WALK_BEFORE = """
            SELECT id, received_at, status, dedupe_key FROM messages
            WHERE interface_name = ? AND id > ? AND received_at < ? ORDER BY id LIMIT ?""";
    /**
     * The batch's received_at range beside its ids (a delivery's received_at is its message's): PostgreSQL then
     * looks the ids up only in the partitions of that range, not in every one (a purge batch read them all:
     * 2,207 messages a second against 24,528 before the partitions, bench/run retention --quick).
     */
    private static final String SPAN = " AND received_at >= ? AND received_at <= ?";
    private static final String DELETE_DEDUPE = "DELETE FROM dedupe_keys WHERE interface_name = ? AND dedupe_key = ? AND message_id = ?";
    private static final String APPLIED = "SELECT interface_name, days, changed_at, changed_by FROM retention_windows ORDER BY interface_name";
    private static final String APPLY = """
            INSERT INTO retention_windows (interface_name, days, changed_at, changed_by) VALUES (?, ?, ?, ?)
            ON CONFLICT (interface_name) DO UPDATE SET days = excluded.days, changed_at = excluded.changed_at,
            changed_by = excluded.changed_by""";
    // The oldest rows by id (the primary key), of which those written before the cutoff go: never a walk of
    // the whole log looking for old rows when there are none.
    private static final String PURGE_AUDIT = """
            DELETE FROM audit_log WHERE id IN (
              SELECT id FROM (SELECT id, at FROM audit_log ORDER BY id LIMIT ?) oldest WHERE at < ?)""";
    private static final String KEPT = """
            SELECT interface_name, COUNT(*), COALESCE(SUM(LENGTH(payload)), 0), MIN(received_at) FROM messages
            GROUP BY interface_name ORDER BY interface_name""";
    private static final String HELD = "SELECT COUNT(*) FROM messages WHERE interface_name = ? AND received_at < ?";

    private final Dialect dialect;
    private final Transactions transactions;
    private final Tiers tiers;
    private final PartitionRetention partitions;

    JdbcRetention(Dialect dialect, Transactions transactions, Tiers tiers) {
        this.dialect = dialect;
        this.transactions = transactions;
        this.tiers = tiers;
        this.partitions = dialect == Dialect.POSTGRES ? new PartitionRetention(transactions, tiers) : null;
    }

    @Override
    public Maintained maintain(long now, Map<String, Keeping> keeping) {
        return partitions == null ? Maintained.NOTHING : partitions.maintain(now, keeping);
    }

    /** PostgreSQL: the leaves of the current periods made before intake starts ({@link PartitionRetention#makeCurrent}); how many. */
    int makeCurrentLeaves(long now) {
        return partitions == null ? 0 : partitions.makeCurrent(now);
    }

    @Override
    public Map<String, AppliedWindow> applied() {
        return transactions.read(c -> {
            Map<String, AppliedWindow> all = new LinkedHashMap<>();
            try (PreparedStatement ps = c.prepareStatement(APPLIED); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    all.put(rs.getString(1), new AppliedWindow(rs.getString(1), rs.getInt(2), rs.getLong(3), rs.getString(4)));
                }
            }
            return all;
        });
    }

    @Override
    public void apply(String interfaceName, int days, String by, long now, AuditEntry audit) {
        transactions.write(Durability.STRICT, c -> {
            if (audit != null) AccountRows.insertAudit(c, audit);
            try (PreparedStatement ps = c.prepareStatement(APPLY)) {
                ps.setString(1, interfaceName);
                ps.setInt(2, days);
                ps.setLong(3, now);
                ps.setString(4, by);
                return ps.executeUpdate();
            }
        });
        tiers.applied(interfaceName, days);
    }

    @Override
    public void applyNew(Map<String, Integer> daysByInterface, String by, long now) {
        if (daysByInterface.isEmpty()) return;
        transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement ps = c.prepareStatement(APPLY)) {
                for (var e : daysByInterface.entrySet()) {
                    ps.setString(1, e.getKey());
                    ps.setInt(2, e.getValue());
                    ps.setLong(3, now);
                    ps.setString(4, by);
                    ps.addBatch();
                }
                return ps.executeBatch().length;
            }
        });
        daysByInterface.forEach(tiers::applied);
    }

    @Override
    public Purged purge(String interfaceName, long cutoff, boolean purgeQuarantined, long afterId, int limit) {
        if (limit < 1) throw new IllegalArgumentException("limit must be at least 1");
        return transactions.write(Durability.RELAXED, c -> {
            long started = System.nanoTime();
            if (dialect == Dialect.POSTGRES) {
                // Plans for these values: a generic plan of a statement on the partitioned tables locks every
                // leaf and its indexes before it prunes (PostgreSQL 17), a custom one only the leaves it reads.
                try (Statement s = c.createStatement()) {
                    s.execute("SET LOCAL plan_cache_mode = force_custom_plan");
                }
            }
            List<Long> ids = new ArrayList<>();
            long[] span = {Long.MAX_VALUE, Long.MIN_VALUE}; // the received_at range of the batch's deletable messages
            List<Object[]> claims = new ArrayList<>();
            int kept = 0;
            int seen = 0;
            long lastId = afterId;
            boolean reachedWindow = false;
            boolean bounded = dialect == Dialect.POSTGRES;
            try (PreparedStatement ps = c.prepareStatement(bounded ? WALK_BEFORE : WALK)) {
                ps.setString(1, interfaceName);
                ps.setLong(2, afterId);
                if (bounded) ps.setLong(3, cutoff);
                ps.setInt(bounded ? 4 : 3, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        seen++;
                        if (rs.getLong(2) >= cutoff) {
                            reachedWindow = true;
                            break;
                        }
                        long id = rs.getLong(1);
                        lastId = id;
                        if (deletable(rs.getString(3), purgeQuarantined)) {
                            ids.add(id);
                            span[0] = Math.min(span[0], rs.getLong(2));
                            span[1] = Math.max(span[1], rs.getLong(2));
                            String key = rs.getString(4);
                            if (key != null) claims.add(new Object[] {key, id});
                        } else {
                            kept++;
                        }
                    }
                }
            }
            boolean done = reachedWindow || seen < limit;
            if (ids.isEmpty()) return new Purged(0, kept, lastId, done, System.nanoTime() - started);
            List<Long> locked = lock(c, ids, span, purgeQuarantined);
            kept += ids.size() - locked.size();
            if (locked.isEmpty()) return new Purged(0, kept, lastId, done, System.nanoTime() - started);
            String list = Dialect.idList(locked);
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM deliveries WHERE " + dialect.inListSql("message_id") + SPAN)) {
                ps.setString(1, list);
                ps.setLong(2, span[0]);
                ps.setLong(3, span[1]);
                ps.executeUpdate();
            }
            if (!claims.isEmpty()) {
                java.util.Set<Long> deleting = new java.util.HashSet<>(locked);
                try (PreparedStatement ps = c.prepareStatement(DELETE_DEDUPE)) {
                    for (Object[] claim : claims) {
                        if (!deleting.contains((Long) claim[1])) continue;
                        ps.setString(1, interfaceName);
                        ps.setString(2, (String) claim[0]);
                        ps.setLong(3, (Long) claim[1]);
                        ps.addBatch();
                    }
                    ps.executeBatch();
                }
            }
            // SQLite: the store gives the ids (MessageIds); none of these may come back once they are gone.
            if (dialect == Dialect.SQLITE) MessageIds.raiseFloor(c, java.util.Collections.max(locked));
            int deleted;
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM messages WHERE " + dialect.inListSql("id") + SPAN)) {
                ps.setString(1, list);
                ps.setLong(2, span[0]);
                ps.setLong(3, span[1]);
                deleted = ps.executeUpdate();
            }
            return new Purged(deleted, kept, lastId, done, System.nanoTime() - started);
        });
    }

    /**
     * On PostgreSQL a window is kept in whole periods of its tier: the rest of the day (1w) or week (3w, 7w) the
     * exact cutoff falls in goes when its partition drops, all at once, rather than row by row.
     */
    @Override
    public long cutoff(int days, long now) {
        long exact = RetentionStore.super.cutoff(days, now);
        return dialect == Dialect.POSTGRES ? Periods.of(Tiers.forDays(days), exact).from() : exact;
    }

    private static boolean deletable(String status, boolean purgeQuarantined) {
        return switch (status) {
            case "sent", "filtered", "duplicate" -> true;
            case "quarantined" -> purgeQuarantined;
            default -> false; // pending: a destination still owes it
        };
    }

    /**
     * The ids that are still deletable, locked against a resend or an edit until the commit (PostgreSQL). On
     * SQLite the one writer has just read them in this transaction: nothing can have changed.
     */
    private List<Long> lock(Connection c, List<Long> ids, long[] span, boolean purgeQuarantined) throws SQLException {
        if (dialect.lockMessageSql() == null) return ids;
        String statuses = purgeQuarantined ? "('sent', 'filtered', 'duplicate', 'quarantined')" : "('sent', 'filtered', 'duplicate')";
        List<Long> locked = new ArrayList<>(ids.size());
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM messages m WHERE " + dialect.inListSql("m.id")
                + " AND m.status IN " + statuses + SPAN + " ORDER BY m.id FOR UPDATE")) {
            ps.setString(1, Dialect.idList(ids));
            ps.setLong(2, span[0]);
            ps.setLong(3, span[1]);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) locked.add(rs.getLong(1));
            }
        }
        return locked;
    }

    @Override
    public int purgeAudit(long before, int limit) {
        return transactions.write(Durability.RELAXED, c -> {
            try (PreparedStatement ps = c.prepareStatement(PURGE_AUDIT)) {
                ps.setInt(1, limit);
                ps.setLong(2, before);
                return ps.executeUpdate();
            }
        });
    }

    @Override
    public long reclaim(int pages) {
        if (dialect != Dialect.SQLITE) return 0;
        return transactions.write(Durability.RELAXED, c -> {
            try (Statement s = c.createStatement()) {
                if (pragma(s, "auto_vacuum") == 2) s.execute("PRAGMA incremental_vacuum(" + Math.max(1, pages) + ")");
                return pragma(s, "freelist_count");
            }
        });
    }

    @Override
    public List<Kept> kept(Map<String, Long> cutoffs) {
        return transactions.read(c -> {
            List<Kept> all = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(KEPT); ResultSet rs = ps.executeQuery();
                 PreparedStatement held = c.prepareStatement(HELD)) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    Long cutoff = cutoffs.get(name);
                    long past = 0;
                    if (cutoff != null) {
                        held.setString(1, name);
                        held.setLong(2, cutoff);
                        try (ResultSet h = held.executeQuery()) {
                            h.next();
                            past = h.getLong(1);
                        }
                    }
                    all.add(new Kept(name, rs.getLong(2), rs.getLong(3), rs.getLong(4), past));
                }
            }
            return all;
        });
    }

    @Override
    public long auditRows() {
        return transactions.read(c -> {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM audit_log")) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    @Override
    public Space space() {
        return transactions.read(c -> {
            try (Statement s = c.createStatement()) {
                if (dialect == Dialect.SQLITE) {
                    long pageSize = pragma(s, "page_size");
                    return new Space(pragma(s, "page_count") * pageSize, pragma(s, "freelist_count") * pageSize);
                }
                try (ResultSet rs = s.executeQuery("SELECT pg_database_size(current_database())")) {
                    rs.next();
                    return new Space(rs.getLong(1), 0);
                }
            }
        });
    }

    private static long pragma(Statement s, String name) throws SQLException {
        try (ResultSet rs = s.executeQuery("PRAGMA " + name)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }
}
