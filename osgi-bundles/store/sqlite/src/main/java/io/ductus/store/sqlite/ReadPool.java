package io.ductus.store.sqlite;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.SqlWork;
import io.ductus.threads.LowPriority;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Read connections of their own, and as many platform threads to run the reads on. SQLite's driver calls
 * into native code, and a virtual thread inside a native call cannot be unmounted: it holds its carrier,
 * one of the few threads (one per core) every virtual thread of the engine shares. Eight text searches on
 * virtual threads took both carriers of a two-core machine for seconds, and the intake's virtual threads
 * waited behind them while their senders waited for ACKs. So a read asked on a virtual thread runs on one
 * of these threads, and the virtual thread waits unmounted; a read asked on a platform thread runs where it
 * was asked.
 */
final class ReadPool implements AutoCloseable {

    private final HikariDataSource connections;
    private final ExecutorService threads;
    /**
     * Each pooled connection's statements, prepared once ({@link CachingConnection}): a worker reads its lanes
     * with the same text at every pass, and preparing it anew each time was 5 % of the engine's CPU under MLLP
     * load. By the driver's own connection, which the pool hands out again and again; one the pool has closed
     * (retired) is dropped from here at the next read that finds more views than connections.
     */
    private final Map<Connection, Connection> kept = new ConcurrentHashMap<>();
    private final int size;

    /**
     * @param name           the pool's name, also its threads' ({@code ductus-sqlite-readers-0}, …)
     * @param size           connections and threads
     * @param yieldsToIntake whether its threads run at the lowest priority ({@link LowPriority}): the API callers'
     *                       reads, whose text searches scan in native code for as long as their time budget lets
     *                       them; on two cores one such scan at a time took half the machine from every thread a
     *                       message passes on its way to its ACK
     */
    ReadPool(Path file, String name, int size, boolean yieldsToIntake) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(SqliteStores.dataSource(file, false));
        config.setPoolName(name);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(1);
        config.setAutoCommit(false);
        config.setConnectionTimeout(10_000);
        this.connections = new HikariDataSource(config);
        this.size = size;
        ThreadFactory factory = yieldsToIntake ? LowPriority.threads(name, true)
                : Thread.ofPlatform().name(name + "-", 0).daemon(true).factory();
        this.threads = Executors.newFixedThreadPool(size, factory);
    }

    /** Runs {@code work} in a read transaction, on a platform thread. */
    <T> T read(SqlWork<T> work) {
        if (!Thread.currentThread().isVirtual()) return readHere(work);
        Future<T> result;
        try {
            result = threads.submit(() -> readHere(work));
        } catch (RejectedExecutionException e) {
            throw new StoreException("read failed: the store is closed", e);
        }
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return result.get();
                } catch (InterruptedException e) {
                    interrupted = true; // the read is under way: its caller still gets its result; the flag is kept
                }
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new StoreException("read failed: " + e.getCause(), e.getCause());
        } finally {
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    private <T> T readHere(SqlWork<T> work) {
        try (Connection c = connections.getConnection()) {
            try {
                return work.run(keptStatements(c));
            } finally {
                c.rollback(); // ends the read transaction, so the WAL can be checkpointed past it
            }
        } catch (SQLException e) {
            throw new StoreException("read failed: " + e.getMessage(), e);
        }
    }

    /** The pooled connection's view that keeps its statements; the pool's own connection still ends the transaction. */
    private Connection keptStatements(Connection pooled) throws SQLException {
        Connection driver = pooled.unwrap(org.sqlite.SQLiteConnection.class);
        Connection view = kept.get(driver);
        if (view != null) return view;
        if (kept.size() >= size) kept.keySet().removeIf(ReadPool::closed);
        view = CachingConnection.wrap(driver);
        kept.put(driver, view);
        return view;
    }

    private static boolean closed(Connection c) {
        try {
            return c.isClosed();
        } catch (SQLException e) {
            return true;
        }
    }

    @Override
    public void close() {
        threads.shutdown();
        try {
            threads.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connections.close();
    }
}
