package io.ductus.store.jdbc;

import io.ductus.store.DeliveryOutcome;
import io.ductus.store.Recorded;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Records delivery outcomes inside a transaction it is given, then settles the messages they finished.
 * Each update changes a delivery only while it is pending and only when the outcome counts more attempts
 * than the row has (the worker counts the attempt it just made on top of what it read), so a flush that is
 * repeated after a failure changes nothing twice, not even a delivery resent in between: a resend keeps
 * the attempts, so the old outcome no longer counts more. Rows are updated
 * in (message, destination) order so that two transactions touching the same rows cannot deadlock.
 *
 * <p>On PostgreSQL an outcome that knows its message's time ({@link DeliveryOutcome#receivedAt()}) updates its
 * row by both partition keys, the tier being its interface's: one leaf, not every one. A row that is not there
 * has moved tier (the held area, a window change) or is no longer pending; the update is then made again by time
 * alone (one leaf per tier). The settlement that follows goes by the same keys. Where the leaf is known to be there
 * ({@link LeafTables}), the update names it instead of the partitioned table: planned once per connection, not at
 * every run.
 */
public final class OutcomeWriter {

    public static final String FINISH = """
            UPDATE deliveries SET status = ?, attempts = ?, next_attempt_at = NULL, last_error = ?, output = ?,
                                  output_charset = ?, lease_until = NULL, updated_at = ?, revision = ?
            WHERE message_id = ? AND destination = ? AND interface_name = ? AND status = 'pending' AND attempts < ?""";
    public static final String RETRY = """
            UPDATE deliveries SET attempts = ?, next_attempt_at = ?, last_error = ?, lease_until = NULL, updated_at = ?,
                                  revision = ?
            WHERE message_id = ? AND destination = ? AND interface_name = ? AND status = 'pending' AND attempts < ?""";

    public static final String FINISH_IN_LEAF = FINISH + Leaf.KEYS;
    public static final String RETRY_IN_LEAF = RETRY + Leaf.KEYS;
    public static final String FINISH_IN_TIME = FINISH + Leaf.TIME;
    public static final String RETRY_IN_TIME = RETRY + Leaf.TIME;

    private static final Comparator<DeliveryOutcome> ROW_ORDER = Comparator.comparingLong(DeliveryOutcome::messageId)
            .thenComparing(o -> o.destination().destination());

    private OutcomeWriter() {
    }

    static Recorded write(Connection c, Dialect dialect, Tiers tiers, LeafTables leafTables, List<DeliveryOutcome> outcomes,
                          long now) throws SQLException {
        Map<Long, Leaf> leaves = new HashMap<>();
        List<DeliveryOutcome> changed = update(c, dialect, tiers, leafTables, outcomes, leaves, now);
        return new Recorded(changed.size(), Settlement.settle(c, dialect, leafTables, finishedMessages(changed), leaves, now));
    }

    /**
     * Applies the outcomes; returns those that changed their delivery, in (message, destination) order, and
     * puts into {@code leaves} where their messages are as far as the updates found them.
     */
    static List<DeliveryOutcome> update(Connection c, Dialect dialect, Tiers tiers, LeafTables leafTables,
                                        List<DeliveryOutcome> outcomes, Map<Long, Leaf> leaves, long now) throws SQLException {
        List<DeliveryOutcome> sorted = outcomes.stream().sorted(ROW_ORDER).toList();
        List<DeliveryOutcome> changed = new ArrayList<>();
        boolean partitioned = dialect == Dialect.POSTGRES;
        try (Prepared statements = new Prepared(c)) {
            for (DeliveryOutcome o : sorted) {
                boolean isRetry = o.kind() == DeliveryOutcome.Kind.RETRY;
                String sql = isRetry ? RETRY : FINISH;
                int n;
                if (!partitioned || o.receivedAt() == 0) {
                    n = apply(statements.get(sql), o, now, null);
                } else {
                    Leaf expected = new Leaf(tiers.of(c, o.destination().interfaceName()), o.receivedAt());
                    String leafTable = leafTables == null ? null : leafTables.named(c, "deliveries", expected);
                    n = leafTable != null ? apply(statements.get(Leaf.on(sql, "deliveries", leafTable)), o, now, null)
                            : apply(statements.get(isRetry ? RETRY_IN_LEAF : FINISH_IN_LEAF), o, now, expected);
                    if (n == 0) {
                        expected = new Leaf(Leaf.ANY_TIER, o.receivedAt());
                        n = apply(statements.get(isRetry ? RETRY_IN_TIME : FINISH_IN_TIME), o, now, expected);
                    }
                    if (n > 0) leaves.merge(o.messageId(), expected, (a, b) -> a.tierKnown() ? a : b);
                }
                if (n > 0) changed.add(o);
            }
        }
        return changed;
    }

    /** One outcome's update; with {@code leaf}, by its keys (both, or the time alone when its tier is not known). */
    private static int apply(PreparedStatement ps, DeliveryOutcome o, long now, Leaf leaf) throws SQLException {
        int next = o.kind() == DeliveryOutcome.Kind.RETRY ? bindRetry(ps, o, now) : bindFinish(ps, o, now);
        if (leaf != null && leaf.tierKnown()) Settlement.bind(ps, next, leaf);
        else if (leaf != null) ps.setLong(next, leaf.receivedAt());
        return ps.executeUpdate();
    }

    /** The messages of the outcomes that finished a delivery: those that may settle now. */
    static SortedSet<Long> finishedMessages(List<DeliveryOutcome> changed) {
        SortedSet<Long> finished = new TreeSet<>();
        for (DeliveryOutcome o : changed) {
            if (o.kind() != DeliveryOutcome.Kind.RETRY) finished.add(o.messageId());
        }
        return finished;
    }

    /** Binds a finish's parameters; returns the index of the next one. */
    private static int bindFinish(PreparedStatement ps, DeliveryOutcome o, long now) throws SQLException {
        ps.setString(1, o.kind().status().dbValue());
        ps.setInt(2, o.attempts());
        ps.setString(3, o.error());
        ps.setBytes(4, o.output());
        if (o.outputCharset() == null) ps.setNull(5, Types.VARCHAR);
        else ps.setString(5, o.outputCharset());
        ps.setLong(6, now);
        setRevision(ps, 7, o);
        ps.setLong(8, o.messageId());
        ps.setString(9, o.destination().destination());
        ps.setString(10, o.destination().interfaceName());
        ps.setInt(11, o.attempts());
        return 12;
    }

    /** Binds a retry's parameters; returns the index of the next one. */
    private static int bindRetry(PreparedStatement ps, DeliveryOutcome o, long now) throws SQLException {
        ps.setInt(1, o.attempts());
        ps.setLong(2, o.nextAttemptAt());
        ps.setString(3, o.error());
        ps.setLong(4, now);
        setRevision(ps, 5, o);
        ps.setLong(6, o.messageId());
        ps.setString(7, o.destination().destination());
        ps.setString(8, o.destination().interfaceName());
        ps.setInt(9, o.attempts());
        return 10;
    }

    private static void setRevision(PreparedStatement ps, int index, DeliveryOutcome o) throws SQLException {
        if (o.revision() == null) ps.setNull(index, Types.INTEGER);
        else ps.setInt(index, o.revision());
    }
}
