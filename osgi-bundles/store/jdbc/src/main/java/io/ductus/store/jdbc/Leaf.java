package io.ductus.store.jdbc;

/**
 * Where a message's rows are on PostgreSQL: its partition keys (docs/retention.md). A statement that names both
 * reads one leaf of messages or deliveries; one that names only {@code receivedAt} reads one leaf per tier (a
 * row may have moved to another tier: the held area, a window change); one that names neither reads every leaf.
 *
 * @param tier       the tier the row is in, or {@link #ANY_TIER} when not known
 * @param receivedAt the message's received_at (a delivery's is its message's); it never changes
 */
record Leaf(int tier, long receivedAt) {

    static final int ANY_TIER = -1;
    /** Appended to a statement's WHERE: the row's two partition keys. */
    static final String KEYS = " AND tier = ? AND received_at = ?";
    /** Appended to a statement's WHERE: the row's time only (one leaf per tier). */
    static final String TIME = " AND received_at = ?";

    boolean tierKnown() {
        return tier != ANY_TIER;
    }

    /** {@code sql} on the leaf table {@code leafTable} instead of {@code table}, the partitioned table it names once. */
    static String on(String sql, String table, String leafTable) {
        return sql.replace(" " + table + " ", " " + leafTable + " ");
    }
}
