package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.Periods.Period;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PostgreSQL's leaves of messages and deliveries (docs/retention.md): made, found, detached and dropped. A
 * leaf is made as a table of its own and then attached: ATTACH PARTITION takes only a SHARE UPDATE EXCLUSIVE
 * lock on its tier's table, which neither inserts nor reads conflict with, so making one never holds up
 * intake, even behind a long report query (CREATE TABLE … PARTITION OF would take an ACCESS EXCLUSIVE lock,
 * and every insert would queue behind it while it waited). Leaves ahead of time are made together, in one
 * transaction ({@link #ensureAll}); a leaf an insert finds missing, on its own ({@link #ensure}); messages
 * first. A period's two leaves are detached together, in one transaction ({@link #detach}).
 */
final class Partitions {

    /** How long making a leaf ahead of time waits for its lock before it gives up until the next run. */
    static final int LOCK_TIMEOUT_MS = 2_000;
    /**
     * How long a period's detach waits for its locks before it gives way (inserts and reads of the tier queue
     * behind it meanwhile); below PostgreSQL's deadlock_timeout (1 s).
     */
    static final int DETACH_LOCK_TIMEOUT_MS = 100;
    /**
     * The first keys of the advisory locks: one maintenance run at a time on a database, and one maker per leaf
     * (engines' own locks use one bigint key, a space of its own).
     */
    static final int MAINTENANCE_LOCK = 21;
    static final int LEAF_LOCK = 22;
    private static final Pattern MISSING = Pattern.compile("no partition of relation \"(messages|deliveries)_t(\\d+)\"");
    private static final Pattern INDEX_DEF = Pattern.compile("^CREATE (UNIQUE )?INDEX \\S+ ON ONLY \\S+ USING");
    private static final Pattern KEY = Pattern.compile("\\(received_at\\) = \\((-?\\d+)\\)");

    private Partitions() {
    }

    /** Where a leaf table stands. */
    enum State { ATTACHED, DETACH_PENDING, DETACHED }

    /** Every leaf table there is (attached, half-detached or left over from an interrupted drop), by name. */
    static Map<String, State> leaves(Connection c) throws SQLException {
        Map<String, State> all = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("""
                SELECT c.relname, i.inhdetachpending FROM pg_class c
                LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
                WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
                  AND (c.relname LIKE 'messages\\_t%' OR c.relname LIKE 'deliveries\\_t%')""")) {
            while (rs.next()) {
                String name = rs.getString(1);
                if (Periods.ofLeaf(name).isEmpty()) continue;
                Object pending = rs.getObject(2);
                all.put(name, pending == null ? State.DETACHED : rs.getBoolean(2) ? State.DETACH_PENDING : State.ATTACHED);
            }
        }
        return all;
    }

    /**
     * Makes the period's leaves that are missing (messages, then deliveries, each in a transaction of its
     * own); how many it made. {@code wait}: wait for the lock however long it takes (a message would otherwise
     * have nowhere to go); else give up after {@link #LOCK_TIMEOUT_MS}, and the next run tries again.
     */
    static int ensure(Transactions tx, Period p, Map<String, State> leaves, boolean wait) {
        int made = 0;
        for (String table : Periods.TABLES) {
            String leaf = p.leaf(table);
            if (leaves.get(leaf) == State.ATTACHED) continue;
            tx.write(Durability.STRICT, c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("SET LOCAL lock_timeout = " + (wait ? 0 : LOCK_TIMEOUT_MS));
                    // Writers that found the same leaf missing at once make it once: the others wait here, then find it.
                    try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(" + LEAF_LOCK + ", hashtext(?))")) {
                        ps.setString(1, leaf);
                        ps.executeQuery().close();
                    }
                    make(c, s, table, p);
                }
                return null;
            });
            leaves.put(leaf, State.ATTACHED);
            made++;
        }
        return made;
    }

    /**
     * Makes the missing leaves of all these periods in one transaction; how many it made. Each leaf attached
     * under a tier's table makes every connection plan its cached statements on that table again, so a new
     * database's leaves ahead (about 40) made one transaction at a time re-planned the hot path's statements
     * about 40 times over in an engine's first minute; attached together, once. The leaves' advisory locks are
     * all taken first, in the leaves' order, so two such callers, or one and a writer making a single leaf
     * ({@link #ensure}), never wait for each other in a circle. {@code wait} as in {@link #ensure}: if a lock is
     * not free in time, nothing is made and the caller may make them one period at a time.
     */
    static int ensureAll(Transactions tx, List<Period> periods, Map<String, State> leaves, boolean wait) {
        TreeMap<String, Period> missing = new TreeMap<>();
        for (Period p : periods) {
            for (String table : Periods.TABLES) {
                if (leaves.get(p.leaf(table)) != State.ATTACHED) missing.put(p.leaf(table), p);
            }
        }
        if (missing.isEmpty()) return 0;
        tx.write(Durability.STRICT, c -> {
            try (Statement s = c.createStatement()) {
                s.execute("SET LOCAL lock_timeout = " + (wait ? 0 : LOCK_TIMEOUT_MS));
                try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_xact_lock(" + LEAF_LOCK + ", hashtext(?))")) {
                    for (String leaf : missing.keySet()) {
                        ps.setString(1, leaf);
                        ps.executeQuery().close();
                    }
                }
                for (Period p : new java.util.LinkedHashSet<>(missing.values())) {
                    for (String table : Periods.TABLES) { // messages first, as one at a time
                        if (missing.containsKey(p.leaf(table))) make(c, s, table, p);
                    }
                }
            }
            return null;
        });
        for (String leaf : missing.keySet()) leaves.put(leaf, State.ATTACHED);
        return missing.size();
    }

    /** Makes and attaches one leaf, under its advisory lock; whatever a maker before it left done stays. */
    private static void make(Connection c, Statement s, String table, Period p) throws SQLException {
        String leaf = p.leaf(table);
        if (state(c, leaf).isEmpty()) {
            s.execute("CREATE TABLE " + leaf + " (LIKE " + table + " INCLUDING DEFAULTS) WITH (fillfactor = "
                    + (table.equals("messages") ? 90 : 80) + ")");
            indexes(c, table, leaf);
        }
        if (state(c, leaf).orElse(State.DETACHED) == State.DETACHED) {
            s.execute("ALTER TABLE " + table + "_t" + p.tier() + " ATTACH PARTITION " + leaf
                    + " FOR VALUES FROM (" + p.from() + ") TO (" + p.to() + ")");
        }
    }

    /**
     * The leaf's indexes, made before it is attached (which adopts them) so that each is named after its
     * parent's index (deliveries_pending_t7_20261201): plans and locks then say which index they mean.
     */
    private static void indexes(Connection c, String table, String leaf) throws SQLException {
        String suffix = leaf.substring(table.length());
        List<String[]> all = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT i.relname, pg_get_indexdef(x.indexrelid), x.indisprimary FROM pg_index x
                JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = ?::regclass ORDER BY i.relname""")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) all.add(new String[] {rs.getString(1), rs.getString(2), Boolean.toString(rs.getBoolean(3))});
            }
        }
        try (Statement s = c.createStatement()) {
            for (String[] index : all) {
                String name = index[0] + suffix;
                Matcher m = INDEX_DEF.matcher(index[1]);
                if (!m.find()) throw new SQLException("cannot read the definition of index " + index[0] + ": " + index[1]);
                s.execute(m.replaceFirst("CREATE $1INDEX " + name + " ON " + leaf + " USING"));
                if (Boolean.parseBoolean(index[2])) {
                    s.execute("ALTER TABLE " + leaf + " ADD CONSTRAINT " + name + " PRIMARY KEY USING INDEX " + name);
                }
            }
        }
    }

    /** The period a failed insert or move had no leaf for, read from PostgreSQL's error; empty for any other error. */
    static Optional<Period> missing(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (!(t instanceof SQLException sql) || !"23514".equals(sql.getSQLState()) || sql.getMessage() == null) continue;
            Matcher table = MISSING.matcher(sql.getMessage());
            Matcher key = KEY.matcher(sql.getMessage());
            if (table.find() && key.find()) return Optional.of(Periods.of(Integer.parseInt(table.group(2)), Long.parseLong(key.group(1))));
        }
        return Optional.empty();
    }

    static Optional<State> state(Connection c, String leaf) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT i.inhdetachpending FROM pg_class c LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
                WHERE c.relname = ? AND c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace""")) {
            ps.setString(1, leaf);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) return Optional.empty();
                Object pending = rs.getObject(1);
                return Optional.of(pending == null ? State.DETACHED : rs.getBoolean(1) ? State.DETACH_PENDING : State.ATTACHED);
            }
        }
    }

    /**
     * Detaches a period's two leaves, messages' and deliveries', in one transaction, so that readers see the
     * period whole or not at all, however the process ends (a plain DETACH each: CONCURRENTLY cannot run in a
     * transaction block, and between two of them one leaf would be gone and the other not). Plain DETACH takes
     * an ACCESS EXCLUSIVE lock on the tier's table, which every insert and read of that tier waits for, also
     * while it waits itself: so it waits at most {@link #DETACH_LOCK_TIMEOUT_MS} (shorter than the deadlock
     * timeout, so that this transaction is the one that gives way) and holds it only for the catalog change.
     * Returns false when it gave way (nothing changed; try again later). A detach CONCURRENTLY an earlier
     * version left half done is finalized first (a leaf pending detach is invisible already).
     */
    static boolean detach(Transactions tx, Period p) {
        for (String table : Periods.TABLES) {
            String leaf = p.leaf(table);
            if (tx.read(c -> state(c, leaf)).orElse(State.DETACHED) != State.DETACH_PENDING) continue;
            tx.autocommit(c -> {
                try (Statement st = c.createStatement()) {
                    st.execute("ALTER TABLE " + table + "_t" + p.tier() + " DETACH PARTITION " + leaf + " FINALIZE");
                }
                return null;
            });
        }
        try {
            tx.write(Durability.STRICT, c -> {
                try (Statement st = c.createStatement()) {
                    st.execute("SET LOCAL lock_timeout = " + DETACH_LOCK_TIMEOUT_MS);
                    for (String table : Periods.TABLES) { // messages first, as writers lock them
                        String leaf = p.leaf(table);
                        if (state(c, leaf).orElse(State.DETACHED) != State.ATTACHED) continue;
                        st.execute("ALTER TABLE " + table + "_t" + p.tier() + " DETACH PARTITION " + leaf);
                    }
                }
                return null;
            });
            return true;
        } catch (StoreException e) {
            if (lockTimeout(e)) return false;
            throw e;
        }
    }

    /** Whether a statement gave up waiting for its lock ({@code lock_timeout}). */
    static boolean lockTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && "55P03".equals(sql.getSQLState())) return true;
        }
        return false;
    }

    /** Drops a detached leaf table (nobody can see it any more). */
    static void drop(Transactions tx, String leaf) {
        tx.write(Durability.STRICT, c -> {
            if (state(c, leaf).orElse(State.ATTACHED) != State.DETACHED) {
                throw new StoreException("refusing to drop " + leaf + ": it is still a partition");
            }
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE " + leaf);
            }
            return null;
        });
    }
}
