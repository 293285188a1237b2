package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import java.sql.SQLException;
import java.util.Optional;

/**
 * PostgreSQL's writes on partitioned messages and deliveries (docs/retention.md): a write is run again, whole
 * (its transaction was rolled back), when
 * <ul>
 * <li>a row it updated was moved to another partition under it (40001: the held area or a window change moved
 *     it) or it lost a deadlock (40P01): run again, it finds the row where it is now;</li>
 * <li>its row had no leaf to go to (23514: a time the maintenance did not make a leaf for, such as a clock
 *     that jumped, or a row moved to a tier's older period): the leaf is made, waiting for its lock, then the
 *     write runs again. The maintenance makes leaves days ahead, so intake does not normally come here.</li>
 * <li>it named a leaf table that was dropped since ({@link LeafTables}: 42P01): the leaves are read again, then
 *     the write runs again.</li>
 * </ul>
 * Every write of the store goes through here, so each statement that updates messages or deliveries does.
 */
final class PartitionedWrites implements Transactions {

    /** Runs of one write before its error is the caller's: each retry follows a conflict that has passed. */
    static final int ATTEMPTS = 10;

    private final Transactions inner;
    private final LeafTables leafTables;
    private final PartitionedWrites forCallers;

    PartitionedWrites(Transactions inner, LeafTables leafTables) {
        this.inner = inner;
        this.leafTables = leafTables;
        Transactions callers = inner.forCallers();
        this.forCallers = callers == inner ? this : new PartitionedWrites(callers, leafTables, this);
    }

    private PartitionedWrites(Transactions callers, LeafTables leafTables, @SuppressWarnings("unused") PartitionedWrites owner) {
        this.inner = callers;
        this.leafTables = leafTables;
        this.forCallers = this;
    }

    @Override
    public <T> T write(Durability durability, SqlWork<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return inner.write(durability, work);
            } catch (StoreException e) {
                if (attempt == ATTEMPTS) throw e;
                Optional<Periods.Period> missing = Partitions.missing(e);
                if (missing.isPresent()) {
                    // read in a strict transaction: PostgreSQL's reads wait behind the delivery workers' (PostgresTransactions),
                    // and a strict write must not
                    Partitions.ensure(inner, missing.get(), inner.write(Durability.STRICT, Partitions::leaves), true);
                } else if (LeafTables.undefinedTable(e)) {
                    leafTables.forget();
                } else if (!retryable(e)) {
                    throw e;
                } else {
                    Thread.onSpinWait();
                }
            }
        }
    }

    private static boolean retryable(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof SQLException sql && ("40001".equals(sql.getSQLState()) || "40P01".equals(sql.getSQLState()))) return true;
        }
        return false;
    }

    @Override
    public <T> T read(SqlWork<T> work) {
        return inner.read(work);
    }

    @Override
    public <T> T autocommit(SqlWork<T> work) {
        return inner.autocommit(work);
    }

    @Override
    public Transactions forCallers() {
        return forCallers;
    }

    @Override
    public void close() {
        inner.close(); // the callers' view closes nothing (PostgresTransactions)
    }
}
