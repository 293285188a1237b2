package io.ductus.store.postgres;

import com.zaxxer.hikari.HikariDataSource;
import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.SqlWork;
import io.ductus.store.jdbc.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Semaphore;

/**
 * PostgreSQL: every write is its own transaction on a pooled connection, and concurrent writes run at
 * once. The server's group commit flushes the WAL once for the commits waiting together, so concurrent
 * callers share fsyncs here too. Relaxed writes commit with {@code synchronous_commit = off}. The API's
 * callers have a small pool of their own ({@link #forCallers()}), so that browsing never takes the
 * connections intake and the workers need.
 *
 * <p>Reads and relaxed writes (the delivery workers' queue reads and outcomes, for the most part) hold at most
 * {@link #workersShare} of the engine's pool at once; the rest is kept for strict writes (the strict intake,
 * whose senders wait for their ACK). Without this, a takeover of a backlogged engine, which wakes every worker
 * with deliveries pending at once, queued hundreds of reads in the pool ahead of the intake, and after the
 * pool's wait the intake gave up and the senders were answered AE (docs/engines.md). A read or relaxed write
 * waits for its turn here (in order) instead of in the pool; one that runs inside another on the same thread
 * takes no second turn, so nesting cannot wait for itself.
 */
final class PostgresTransactions implements Transactions {

    /** The connections of a pool of {@code poolSize} that reads and relaxed writes may hold at once: a quarter (rounded up) is kept for strict writes. */
    static int workersShare(int poolSize) {
        return Math.max(1, poolSize - (poolSize + 3) / 4);
    }

    private final HikariDataSource pool;
    /** Turns of reads and relaxed writes on {@link #pool}; null for the callers' view (unbounded: a pool of its own). */
    private final Semaphore turns;
    private final ThreadLocal<int[]> held = ThreadLocal.withInitial(() -> new int[1]);
    /** The API's callers' pool, or null for these transactions when they are the callers' themselves. */
    private final HikariDataSource callerPool;
    private final PostgresTransactions forCallers;

    /** @param callerPool the connections of the API's callers ({@link #forCallers()}), apart from the engine's */
    PostgresTransactions(HikariDataSource pool, HikariDataSource callerPool) {
        this.pool = pool;
        this.callerPool = callerPool;
        this.turns = new Semaphore(workersShare(pool.getMaximumPoolSize()), true);
        this.forCallers = new PostgresTransactions(callerPool);
    }

    private PostgresTransactions(HikariDataSource callers) {
        this.pool = callers;
        this.callerPool = null;
        this.turns = null;
        this.forCallers = this;
    }

    /** Takes a turn of the workers' share (see the class comment); false when this thread holds one already. */
    private boolean takeTurn() {
        if (turns == null) return false;
        int[] mine = held.get();
        if (mine[0] > 0) {
            mine[0]++;
            return false;
        }
        try {
            turns.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException("interrupted while waiting for a connection", e);
        }
        mine[0] = 1;
        return true;
    }

    private void endTurn() {
        if (turns == null) return;
        int[] mine = held.get();
        if (--mine[0] == 0) {
            held.remove();
            turns.release();
        }
    }

    @Override
    public Transactions forCallers() {
        return forCallers;
    }

    @Override
    public <T> T write(Durability durability, SqlWork<T> work) {
        boolean strict = durability != Durability.RELAXED;
        if (strict) return run(true, work);
        takeTurn();
        try {
            return run(false, work);
        } finally {
            endTurn();
        }
    }

    private <T> T run(boolean strict, SqlWork<T> work) {
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
        takeTurn();
        try {
            return readNow(work);
        } finally {
            endTurn();
        }
    }

    private <T> T readNow(SqlWork<T> work) {
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
