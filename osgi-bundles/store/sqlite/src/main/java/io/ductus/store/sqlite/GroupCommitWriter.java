package io.ductus.store.sqlite;

import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.SqlWork;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SQLite's one writer, with group commit. Callers queue their work; one thread takes everything queued,
 * runs each caller's work in its own savepoint of one transaction, commits once, and only then releases
 * every caller of the batch. Concurrent callers so share one fsync, which is what lets many connections
 * store faster than the disk can sync.
 *
 * <p>A batch is bounded ({@code maxBatch} callers). The writer does not wait for company when one caller
 * writes at a time; when the last batch had several callers it waits up to {@code maxWait} for as many to
 * come back, so that callers just released are not split into a batch of one and a batch of the rest.
 *
 * <p>A caller whose work fails is rolled back to its savepoint and gets the exception; the others in the
 * batch still commit. If the commit itself fails, every caller of the batch gets the failure and nothing
 * of the batch is kept.
 */
final class GroupCommitWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitWriter.class);

    private final Connection connection;
    private final int maxBatch;
    private final long maxWaitNanos;
    private final LinkedBlockingQueue<Request<?>> queue = new LinkedBlockingQueue<>();
    private final Object gate = new Object();
    private final Thread thread;
    private boolean closed; // guarded by gate
    private Durability synchronous;
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong committedWrites = new AtomicLong();

    GroupCommitWriter(Connection connection, int maxBatch, long maxWaitNanos, String name) {
        this.connection = connection;
        this.maxBatch = maxBatch;
        this.maxWaitNanos = maxWaitNanos;
        this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this::run);
        thread.start();
    }

    /** Runs {@code work} in the next group commit; returns after that commit, or throws what went wrong. */
    <T> T write(Durability durability, SqlWork<T> work) {
        Request<T> request = new Request<>(durability, work);
        synchronized (gate) {
            if (closed) throw new StoreException("the store is closed");
            queue.add(request);
        }
        try {
            return request.result.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new StoreException("write failed: " + cause.getMessage(), cause);
        }
    }

    private void run() {
        int expected = 1;
        while (true) {
            Request<?> first;
            try {
                first = queue.poll(100, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                continue; // only close() ends the writer, after the queue is empty
            }
            if (first == null) {
                synchronized (gate) {
                    if (closed && queue.isEmpty()) return;
                }
                continue;
            }
            List<Request<?>> batch = gather(first, expected);
            expected = batch.size();
            commit(batch);
        }
    }

    /** Takes what is queued; waits (bounded) only while fewer than last time's callers have come back. */
    private List<Request<?>> gather(Request<?> first, int expected) {
        List<Request<?>> batch = new ArrayList<>(Math.min(maxBatch, 64));
        batch.add(first);
        queue.drainTo(batch, maxBatch - batch.size());
        long deadline = System.nanoTime() + maxWaitNanos;
        while (batch.size() < expected && batch.size() < maxBatch) {
            long left = deadline - System.nanoTime();
            if (left <= 0) break;
            Request<?> next;
            try {
                next = queue.poll(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                break;
            }
            if (next == null) break;
            batch.add(next);
            queue.drainTo(batch, maxBatch - batch.size());
        }
        return batch;
    }

    private void commit(List<Request<?>> batch) {
        Durability durability = batch.stream().anyMatch(r -> r.durability == Durability.STRICT)
                ? Durability.STRICT : Durability.RELAXED;
        List<Object> results = new ArrayList<>(batch.size());
        try (Statement s = connection.createStatement()) {
            setSynchronous(s, durability);
            s.execute("BEGIN IMMEDIATE");
            for (Request<?> r : batch) results.add(runInSavepoint(s, r));
            s.execute("COMMIT");
            commits.incrementAndGet();
            committedWrites.addAndGet(batch.size());
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly();
            StoreException failure = new StoreException("commit failed, nothing of this batch was stored: "
                    + e.getMessage(), e);
            for (Request<?> r : batch) r.result.completeExceptionally(failure);
            return;
        }
        for (int i = 0; i < batch.size(); i++) batch.get(i).complete(results.get(i));
    }

    /** Returns the work's result, or the Throwable it failed with (its savepoint rolled back). */
    private Object runInSavepoint(Statement s, Request<?> r) throws SQLException {
        s.execute("SAVEPOINT caller");
        try {
            Object result = r.work.run(connection);
            s.execute("RELEASE caller");
            return result;
        } catch (SQLException | RuntimeException e) {
            s.execute("ROLLBACK TO caller");
            s.execute("RELEASE caller");
            return new Failure(e);
        }
    }

    private void setSynchronous(Statement s, Durability durability) throws SQLException {
        if (durability == synchronous) return;
        // FULL: the WAL is synced at every commit. NORMAL (WAL mode): synced at checkpoints only, so a
        // process crash loses nothing and a power cut may lose the last commits.
        s.execute(durability == Durability.STRICT ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
        synchronous = durability;
    }

    /** Ends the failed transaction; SQLite may already have rolled it back, which makes ROLLBACK fail. */
    private void rollbackQuietly() {
        try (Statement s = connection.createStatement()) {
            s.execute("ROLLBACK");
        } catch (SQLException e) {
            LOG.debug("rollback after a failed commit: {}", e.getMessage());
        }
    }

    /** Transactions committed so far (each may hold many callers). */
    long commits() {
        return commits.get();
    }

    @Override
    public void close() {
        synchronized (gate) {
            closed = true;
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // How well group commit did over the writer's life (bench/run mllp-ingest reads it: messages per commit).
        LOG.info("SQLite writer closed: {} commit(s) for {} write(s)", commits.get(), committedWrites.get());
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.warn("closing the SQLite writer: {}", e.getMessage());
        }
    }

    /** A caller's work that threw: kept apart from results so that a null result stays a result. */
    private record Failure(Exception exception) {
    }

    private static final class Request<T> {
        final Durability durability;
        final SqlWork<T> work;
        final CompletableFuture<T> result = new CompletableFuture<>();

        Request(Durability durability, SqlWork<T> work) {
            this.durability = durability;
            this.work = work;
        }

        @SuppressWarnings("unchecked")
        void complete(Object outcome) {
            if (outcome instanceof Failure f) {
                Exception e = f.exception();
                result.completeExceptionally(e instanceof SQLException
                        ? new StoreException(e.getMessage(), e) : e);
            } else {
                result.complete((T) outcome);
            }
        }
    }
}
