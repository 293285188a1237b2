package io.ductus.store.postgres;

import com.zaxxer.hikari.HikariDataSource;
import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.SqlWork;
import io.ductus.store.jdbc.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * PostgreSQL: every write is its own transaction on a pooled connection, and concurrent writes run at
 * once. The server's group commit flushes the WAL once for the commits waiting together, so concurrent
 * callers share fsyncs here too. Relaxed writes commit with {@code synchronous_commit = off}. The API's
 * callers have a small pool of their own ({@link #forCallers()}), so that browsing never takes the
 * connections intake and the workers need.
 */
final class PostgresTransactions implements Transactions {

    private final HikariDataSource pool;
    /** The API's callers' pool, or null for these transactions when they are the callers' themselves. */
    private final HikariDataSource callerPool;
    private final PostgresTransactions forCallers;

    /** @param callerPool the connections of the API's callers ({@link #forCallers()}), apart from the engine's */
    PostgresTransactions(HikariDataSource pool, HikariDataSource callerPool) {
        this.pool = pool;
        this.callerPool = callerPool;
        this.forCallers = new PostgresTransactions(callerPool);
    }

    private PostgresTransactions(HikariDataSource callers) {
        this.pool = callers;
        this.callerPool = null;
        this.forCallers = this;
    }

    @Override
    public Transactions forCallers() {
        return forCallers;
    }

    @Override
    public <T> T write(Durability durability, SqlWork<T> work) {
        boolean strict = durability != Durability.RELAXED;
        WriteSteps.Connection taking = new WriteSteps.Connection();
        taking.begin();
        WriteSteps.Release release = new WriteSteps.Release();
        boolean committed = false;
        try (Connection c = pool.getConnection()) {
            taking.strict = strict;
            taking.commit();
            try {
                WriteSteps.Work statements = new WriteSteps.Work();
                statements.begin();
                if (!strict) {
                    try (Statement s = c.createStatement()) {
                        s.execute("SET LOCAL synchronous_commit TO OFF");
                    }
                }
                T result = work.run(c);
                statements.strict = strict;
                statements.commit();
                WriteSteps.Commit committing = new WriteSteps.Commit();
                committing.begin();
                c.commit();
                committing.strict = strict;
                committing.commit();
                release.strict = strict;
                release.begin(); // ends once the connection is back (below)
                committed = true;
                return result;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(c);
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException("write failed, nothing of it was stored: " + e.getMessage(), e);
        } finally {
            if (committed) release.commit();
        }
    }

    @Override
    public <T> T read(SqlWork<T> work) {
        try (Connection c = pool.getConnection()) {
            try (Statement s = c.createStatement()) {
                // One snapshot for every statement of the read, like SQLite's read transactions.
                s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
            }
            try {
                return work.run(c);
            } finally {
                c.rollback();
            }
        } catch (SQLException e) {
            throw new StoreException("read failed: " + e.getMessage(), e);
        }
    }

    @Override
    public <T> T autocommit(SqlWork<T> work) {
        try (Connection c = pool.getConnection()) {
            c.setAutoCommit(true); // the pool sets it back when the connection returns
            return work.run(c);
        } catch (SQLException e) {
            throw new StoreException("statement failed: " + e.getMessage(), e);
        }
    }

    private static void rollbackQuietly(Connection c) {
        try {
            c.rollback();
        } catch (SQLException ignored) {
            // the connection is broken; the pool drops it, and the first error is the one reported
        }
    }

    @Override
    public void close() {
        if (callerPool == null) return; // the callers' view: closed with the engine's
        callerPool.close();
        pool.close();
    }
}
