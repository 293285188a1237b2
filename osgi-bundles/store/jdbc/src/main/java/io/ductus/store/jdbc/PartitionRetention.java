package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.Partitions.State;
import io.ductus.store.jdbc.Periods.Period;
import io.ductus.store.retention.RetentionStore.Keeping;
import io.ductus.store.retention.RetentionStore.Maintained;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's retention by partitions (docs/retention.md), one maintenance run at a time, time as an argument:
 * <ol>
 * <li>drops an earlier run left half done are finished;</li>
 * <li>leaves are made ahead ({@link Periods#wanted}), each giving up after a short lock timeout, except when
 *     tomorrow's is missing (then it waits: a message would otherwise have nowhere to go);</li>
 * <li>rows of an interface whose window changed move to its tier (not pending ones: a worker is updating them;
 *     they move once delivered, or when their leaf expires);</li>
 * <li>each expired leaf: the messages someone still needs move out, each with all its deliveries (those inside
 *     their interface's window, now longer, to its tier; pending ones and quarantined ones the interface keeps
 *     to the held area, tier 0), the dedupe claims of the rest go, then messages' leaf and deliveries' leaf are
 *     detached together in one transaction (readers see the period whole or not at all, at any moment and after
 *     any crash; the detach gives way to a long query and tries again), checked again (a message resent in
 *     between is copied back), and dropped;</li>
 * <li>a month of the held area that is over goes the same way once nothing in it is needed.</li>
 * </ol>
 */
final class PartitionRetention {

    static final int BATCH = 1_000;

    /**
     * Between two tries of a period's detach that gave way (a lock held by a long query): a rest 10 times as
     * long as the try waited, so that the tier's inserts and reads wait on it at most a tenth of the time.
     */
    static final long DETACH_PAUSE_NANOS = 10L * Partitions.DETACH_LOCK_TIMEOUT_MS * 1_000_000;
    /** How long one run keeps trying to detach a period before it leaves it to the next run. */
    static final long DETACH_PATIENCE_NANOS = 60_000_000_000L;

    private static final Logger log = LoggerFactory.getLogger(PartitionRetention.class);

    private final Transactions tx;
    private final Tiers tiers;
    /** Messages that went with the leaves this run dropped (counted before each detach). */
    private long droppedMessages;
    /** Periods this run detached, and those whose detach it gave up on. */
    private int droppedPeriods;
    private int gaveUpDrops;

    PartitionRetention(Transactions tx, Tiers tiers) {
        this.tx = tx;
        this.tiers = tiers;
    }

    /**
     * One run, unless another engine of the same database runs one now (engines on one database: one session
     * advisory lock, held on a connection of its own for the run; PostgreSQL frees it however the process ends).
     */
    synchronized Maintained maintain(long now, Map<String, Keeping> keeping) {
        return tx.autocommit(lock -> {
            try (PreparedStatement ps = lock.prepareStatement("SELECT pg_try_advisory_lock(" + Partitions.MAINTENANCE_LOCK + ", 0)");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                if (!rs.getBoolean(1)) return Maintained.NOTHING;
            }
            try {
                return run(now, keeping);
            } finally {
                try (PreparedStatement ps = lock.prepareStatement("SELECT pg_advisory_unlock(" + Partitions.MAINTENANCE_LOCK + ", 0)")) {
                    ps.executeQuery().close();
                }
            }
        });
    }

    /**
     * Makes the leaves of the current periods ({@link Periods#current}) that are missing, waiting for their locks:
     * at the store's start, before intake and the queue reads do, so that on a new database no insert finds its
     * leaf missing and the queue reads' plans are not made again for each leaf the first maintenance run attaches
     * under them. Returns how many it made (none on a database that has them: one read of the catalog).
     */
    int makeCurrent(long now) {
        return Partitions.ensureAll(tx, Periods.current(now), tx.read(Partitions::leaves), true);
    }

    private Maintained run(long now, Map<String, Keeping> keeping) {
        long t0 = System.nanoTime();
        droppedMessages = 0;
        droppedPeriods = 0;
        gaveUpDrops = 0;
        tx.read(c -> {
            tiers.reload(c);
            return null;
        });
        Map<String, State> leaves = tx.read(Partitions::leaves);
        long held = 0;
        // 1. Drops an earlier run left half done: both leaves detached (or, left by an earlier version, one of
        // them detached or pending detach). Only expired leaves ever are.
        for (var e : Map.copyOf(leaves).entrySet()) {
            if (e.getValue() == State.ATTACHED || !Periods.tableOf(e.getKey()).equals("messages")) continue;
            Period p = Periods.ofLeaf(e.getKey()).orElseThrow();
            held += dropPeriod(p, keeping, now);
        }
        for (var e : Map.copyOf(leaves).entrySet()) {
            // a deliveries leaf detached before its messages leaf was (an earlier version detached them one after
            // the other), or left after that one was dropped
            if (e.getValue() == State.ATTACHED || !Periods.tableOf(e.getKey()).equals("deliveries")) continue;
            Period p = Periods.ofLeaf(e.getKey()).orElseThrow();
            if (tx.read(c -> Partitions.state(c, p.leaf("messages"))).orElse(State.ATTACHED) != State.ATTACHED) continue;
            held += dropPeriod(p, keeping, now);
        }
        // 2. Leaves ahead of time.
        leaves = tx.read(Partitions::leaves);
        int made = 0;
        int gaveUp = 0;
        try {
            made = Partitions.ensureAll(tx, Periods.wanted(now), leaves, false);
        } catch (StoreException e) {
            // a leaf's lock was not free in time (or the lot failed otherwise): one period at a time, as it can
            log.debug("making the leaves ahead together failed, one period at a time: {}", e.getMessage());
        }
        for (Period p : Periods.wanted(now)) {
            boolean tomorrow = p.equals(Periods.tomorrow(p.tier(), now));
            try {
                made += Partitions.ensure(tx, p, leaves, tomorrow);
            } catch (StoreException e) {
                if (!Partitions.lockTimeout(e)) throw e;
                gaveUp++; // someone holds a conflicting lock; the next run tries again
            }
        }
        // 3. Window changes.
        long moved = 0;
        for (var e : keeping.entrySet()) moved += WindowChanges.moveToTier(tx, e.getKey(), e.getValue(), now);
        // 4. and 5. Expired leaves and the held area's months that are over.
        leaves = tx.read(Partitions::leaves);
        for (var e : leaves.entrySet()) {
            if (e.getValue() != State.ATTACHED || !Periods.tableOf(e.getKey()).equals("messages")) continue;
            Period p = Periods.ofLeaf(e.getKey()).orElseThrow();
            boolean due = p.tier() == Tiers.HELD ? p.to() <= now && !needed(p, keeping, now) : p.expired(now);
            if (!due) continue;
            held += dropPeriod(p, keeping, now);
        }
        return new Maintained(made, droppedPeriods, droppedMessages, held, moved, gaveUp + gaveUpDrops, System.nanoTime() - t0);
    }

    /** Where a message of an expired period must go to stay, or null when it goes with its leaf. */
    private static Integer target(String interfaceName, String status, long receivedAt, Keeping k, long now) {
        if (k != null && receivedAt >= now - k.days() * Periods.DAY) return Tiers.forDays(k.days());
        boolean quarantineGoes = k != null && k.purgeQuarantined();
        if (status.equals("pending") || (status.equals("quarantined") && !quarantineGoes)) return Tiers.HELD;
        return null;
    }

    /** A walk of the messages of a leaf that might still be needed: pending, quarantined, or of an interface with a longer window. */
    private static String candidates(String leaf) {
        return "SELECT id, interface_name, status, received_at FROM " + leaf
                + " WHERE id > ? AND (status IN ('pending', 'quarantined') OR interface_name = ANY (?)) ORDER BY id LIMIT " + BATCH;
    }

    private static String[] longer(Period p, Map<String, Keeping> keeping) {
        return keeping.entrySet().stream().filter(e -> p.tier() == Tiers.HELD || e.getValue().days() > p.tier())
                .map(Map.Entry::getKey).toArray(String[]::new);
    }

    /** Whether any message of a held month is still needed (it then stays). */
    private boolean needed(Period p, Map<String, Keeping> keeping, long now) {
        return !tx.read(c -> needed(c, p.leaf("messages"), p, keeping, now, 0, true)).isEmpty();
    }

    /**
     * The next batch of needed messages of {@code leaf} after {@code after}: id → target tier. {@code staying}:
     * also those whose target is the leaf's own tier (a held month's pending messages, a detached leaf's).
     */
    private static TreeMap<Long, Integer> needed(Connection c, String leaf, Period p, Map<String, Keeping> keeping,
                                                 long now, long after, boolean staying) throws SQLException {
        TreeMap<Long, Integer> found = new TreeMap<>();
        long last = after;
        while (true) {
            int seen = 0;
            try (PreparedStatement ps = c.prepareStatement(candidates(leaf))) {
                ps.setLong(1, last);
                ps.setArray(2, c.createArrayOf("text", longer(p, keeping)));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        seen++;
                        last = rs.getLong(1);
                        Integer to = target(rs.getString(2), rs.getString(3), rs.getLong(4), keeping.get(rs.getString(2)), now);
                        if (to != null && (staying || to != p.tier())) found.put(last, to);
                    }
                }
            }
            if (!found.isEmpty() || seen < BATCH) return found;
        }
    }

    /**
     * Drops one expired period: what is needed moves out, the rest's dedupe claims go, both leaves are
     * detached in one transaction, checked again, and dropped. Returns how many messages moved out. Safe to run
     * again after a crash at any point: each step finds what the last one left. If the detach keeps giving way
     * ({@link #DETACH_PATIENCE_NANOS}) the period stays, whole, for the next run.
     */
    private long dropPeriod(Period p, Map<String, Keeping> keeping, long now) {
        String messages = p.leaf("messages");
        String deliveries = p.leaf("deliveries");
        long moved = 0;
        long gone = 0;
        if (tx.read(c -> Partitions.state(c, messages)).orElse(State.DETACHED) == State.ATTACHED) {
            if (p.tier() != Tiers.HELD) {
                long after = 0;
                while (true) {
                    long from = after;
                    TreeMap<Long, Integer> batch = tx.read(c -> needed(c, messages, p, keeping, now, from, false));
                    if (batch.isEmpty()) break;
                    long t = System.nanoTime();
                    tx.write(Durability.STRICT, c -> moveOut(c, messages, p, batch));
                    rest(t);
                    moved += batch.size();
                    after = batch.lastKey();
                }
            }
            forgetClaims(messages);
            gone += tx.read(c -> count(c, messages));
        }
        long patience = System.nanoTime() + DETACH_PATIENCE_NANOS;
        while (!Partitions.detach(tx, p)) {
            if (System.nanoTime() - patience > 0) {
                gaveUpDrops++; // the period stays whole (its needed messages moved out already); the next run tries again
                return moved;
            }
            java.util.concurrent.locks.LockSupport.parkNanos(DETACH_PAUSE_NANOS);
        }
        droppedPeriods++;
        long back = copyBack(p, keeping, now);
        if (tx.read(c -> Partitions.state(c, deliveries)).isPresent()) Partitions.drop(tx, deliveries);
        if (tx.read(c -> Partitions.state(c, messages)).isPresent()) Partitions.drop(tx, messages);
        droppedMessages += gone - back;
        return moved + back;
    }

    private static long count(Connection c, String leaf) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM " + leaf); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Moves messages of a leaf, each with its deliveries, to their target tiers; locked first, in id order. */
    private static int moveOut(Connection c, String leaf, Period p, TreeMap<Long, Integer> targets) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM " + leaf + " WHERE id = ANY (?) ORDER BY id FOR UPDATE")) {
            ps.setArray(1, c.createArrayOf("bigint", targets.keySet().toArray()));
            ps.executeQuery().close();
        }
        Map<Integer, List<Long>> byTier = targets.entrySet().stream().collect(Collectors.groupingBy(Map.Entry::getValue,
                TreeMap::new, Collectors.mapping(Map.Entry::getKey, Collectors.toList())));
        int n = 0;
        for (var e : byTier.entrySet()) {
            Object[] ids = e.getValue().toArray();
            n += update(c, "UPDATE messages SET tier = ? WHERE tier = ? AND received_at >= ? AND received_at < ? AND id = ANY (?)",
                    e.getKey(), p, c.createArrayOf("bigint", ids));
            update(c, "UPDATE deliveries SET tier = ? WHERE tier = ? AND received_at >= ? AND received_at < ? AND message_id = ANY (?)",
                    e.getKey(), p, c.createArrayOf("bigint", ids));
        }
        return n;
    }

    private static int update(Connection c, String sql, int tier, Period p, java.sql.Array ids) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, tier);
            ps.setInt(2, p.tier());
            ps.setLong(3, p.from());
            ps.setLong(4, p.to());
            ps.setArray(5, ids);
            return ps.executeUpdate();
        }
    }

    /** The dedupe claims of a leaf's messages go with them, in batches by id. */
    private void forgetClaims(String leaf) {
        long after = 0;
        while (true) {
            long from = after;
            Long upTo = tx.write(Durability.RELAXED, c -> {
                Long last = null;
                try (PreparedStatement ps = c.prepareStatement("SELECT MAX(id) FROM (SELECT id FROM " + leaf
                        + " WHERE id > ? AND dedupe_key IS NOT NULL ORDER BY id LIMIT " + 5 * BATCH + ") b")) {
                    ps.setLong(1, from);
                    try (ResultSet rs = ps.executeQuery()) {
                        if (rs.next() && rs.getObject(1) != null) last = rs.getLong(1);
                    }
                }
                if (last == null) return null;
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM dedupe_keys k USING " + leaf + " m"
                        + " WHERE m.id > ? AND m.id <= ? AND m.dedupe_key IS NOT NULL AND k.interface_name = m.interface_name"
                        + " AND k.dedupe_key = m.dedupe_key AND k.message_id = m.id")) {
                    ps.setLong(1, from);
                    ps.setLong(2, last);
                    ps.executeUpdate();
                }
                return last;
            });
            if (upTo == null) return;
            after = upTo;
        }
    }

    /**
     * After the detach: a message that became needed between the move and the detach (a resend) is copied
     * back from the detached leaves, with its deliveries and its dedupe claim, once (a run after a crash finds
     * it there already).
     */
    private long copyBack(Period p, Map<String, Keeping> keeping, long now) {
        String messages = p.leaf("messages");
        String deliveries = p.leaf("deliveries");
        if (tx.read(c -> Partitions.state(c, messages)).isEmpty()) return 0;
        boolean withDeliveries = tx.read(c -> Partitions.state(c, deliveries)).isPresent();
        long copied = 0;
        long after = 0;
        while (true) {
            long from = after;
            TreeMap<Long, Integer> batch = tx.read(c -> needed(c, messages, p, keeping, now, from, true));
            if (batch.isEmpty()) return copied;
            long t = System.nanoTime();
            copied += tx.write(Durability.STRICT, c -> {
                String mColumns = columns(c, "messages");
                String dColumns = columns(c, "deliveries");
                Map<Integer, List<Long>> byTier = batch.entrySet().stream().collect(Collectors.groupingBy(Map.Entry::getValue,
                        TreeMap::new, Collectors.mapping(Map.Entry::getKey, Collectors.toList())));
                int n = 0;
                for (var e : byTier.entrySet()) {
                    java.sql.Array ids = c.createArrayOf("bigint", e.getValue().toArray());
                    n += retier(c, "UPDATE " + messages + " SET tier = ? WHERE id = ANY (?)", e.getKey(), ids);
                    if (withDeliveries) retier(c, "UPDATE " + deliveries + " SET tier = ? WHERE message_id = ANY (?)", e.getKey(), ids);
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO messages (" + mColumns + ") SELECT " + mColumns
                            + " FROM " + messages + " x WHERE x.id = ANY (?) AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = x.id)")) {
                        ps.setArray(1, ids);
                        ps.executeUpdate();
                    }
                    // Its dedupe claim was deleted with the rest's before the detach: it comes back too, unless a
                    // message with the same key took the key meanwhile (that one is the first now).
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO dedupe_keys (interface_name, dedupe_key,"
                            + " message_id, created_at) SELECT x.interface_name, x.dedupe_key, x.id, x.received_at FROM " + messages
                            + " x WHERE x.id = ANY (?) AND x.dedupe_key IS NOT NULL AND x.status <> 'duplicate'"
                            + " ON CONFLICT (interface_name, dedupe_key) DO NOTHING")) {
                        ps.setArray(1, ids);
                        ps.executeUpdate();
                    }
                    if (!withDeliveries) continue;
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO deliveries (" + dColumns + ") SELECT " + dColumns
                            + " FROM " + deliveries + " x WHERE x.message_id = ANY (?) AND NOT EXISTS (SELECT 1 FROM deliveries d"
                            + " WHERE d.message_id = x.message_id AND d.destination = x.destination)")) {
                        ps.setArray(1, ids);
                        ps.executeUpdate();
                    }
                }
                return n;
            });
            after = batch.lastKey();
            rest(t);
        }
    }

    /**
     * After a batch that moved rows: a rest as long as the batch took, so that moving a large backlog to the
     * held area or to a changed window's tier is busy at most half the time (intake and workers share the
     * database with it).
     */
    static void rest(long batchStarted) {
        java.util.concurrent.locks.LockSupport.parkNanos(System.nanoTime() - batchStarted);
    }

    private static int retier(Connection c, String sql, int tier, java.sql.Array ids) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setInt(1, tier);
            ps.setArray(2, ids);
            return ps.executeUpdate();
        }
    }

    /** A table's columns in order, for INSERT … SELECT between a parent and its detached leaf. */
    private static String columns(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("""
                SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
                WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped""")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getString(1);
            }
        }
    }
}
