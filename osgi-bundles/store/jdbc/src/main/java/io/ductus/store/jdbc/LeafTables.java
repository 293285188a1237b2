package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The leaf tables of messages and deliveries that are attached (PostgreSQL), as far as this store knows, so that
 * the delivery workers' per-row statements can name a row's leaf itself instead of the partitioned table.
 *
 * <p>Why: a statement on the partitioned table that gives both partition keys is planned anew at every run
 * (PostgreSQL keeps choosing a custom plan, since a generic one would cover every leaf), about 100 µs each time;
 * the four statements that record one outcome spent more of PostgreSQL's CPU planning than running. On a leaf
 * itself the plan is made once per connection and kept.
 *
 * <p>A leaf not known here is reached through the partitioned table as before (the set is read again at most
 * once a second when a leaf is asked for that it lacks: another engine's maintenance made it). A leaf known here
 * but dropped since (retention, on any engine) fails its statement with 42P01, which rolls the transaction back:
 * {@link PartitionedWrites} then forgets the set and runs the write again. A leaf detached but not dropped holds
 * no pending row (retention moves those first), so a statement that changes only pending rows changes nothing
 * there and goes on by time through the partitioned table.
 */
final class LeafTables {

    private static final long REREAD_NANOS = 1_000_000_000L;

    private volatile Set<String> attached; // null: to be read
    private volatile long readAt;

    /** The leaf of {@code table} ("messages" or "deliveries") that holds rows at {@code leaf}, or null when not known attached. */
    String named(Connection c, String table, Leaf leaf) throws SQLException {
        if (!leaf.tierKnown()) return null;
        String name = Periods.of(leaf.tier(), leaf.receivedAt()).leaf(table);
        Set<String> known = attached;
        if (known == null || !known.contains(name) && System.nanoTime() - readAt > REREAD_NANOS) known = read(c);
        return known.contains(name) ? name : null;
    }

    /** After a statement named a leaf that is no longer there. */
    void forget() {
        attached = null;
    }

    private Set<String> read(Connection c) throws SQLException {
        Set<String> now = Partitions.leaves(c).entrySet().stream().filter(e -> e.getValue() == Partitions.State.ATTACHED)
                .map(Map.Entry::getKey).collect(Collectors.toUnmodifiableSet());
        attached = now;
        readAt = System.nanoTime();
        return now;
    }

    /** Whether {@code e} or a cause is PostgreSQL's undefined_table (42P01). */
    static boolean undefinedTable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && "42P01".equals(sql.getSQLState())) return true;
        }
        return false;
    }
}
