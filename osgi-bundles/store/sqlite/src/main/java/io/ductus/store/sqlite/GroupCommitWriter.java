package io.ductus.store.sqlite;

import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.SqlWork;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SQLite's one writer, with group commit. Callers queue up; the caller at the head of the queue becomes
 * the leader: it takes everyone queued (itself first), runs each caller's work in its own savepoint of one
 * transaction on the one write connection, commits once, and only then releases every caller of the
 * batch; the next caller in the queue leads the next batch. Concurrent callers so share one fsync, which
 * is what lets many connections store faster than the disk can sync, while a caller alone commits on its
 * own thread with no hand-off to another thread and back.
 *
 * <p>A batch is bounded ({@code maxBatch} callers). A leader does not wait for company when callers come
 * one at a time; when the last batch had several callers it waits up to {@code maxWait} for as many to
 * come back, so that callers just released are not split into a batch of one and a batch of the rest (a
 * strict leader counts only the strict ones: it does not wait for a relaxed caller, which has no sync to
 * share; a relaxed leader right after a strict commit waits for the next strict caller to share it, and that
 * caller, when it comes, leads the batch itself: it commits on its own thread, with the relaxed one in it, so
 * an acknowledgement waits neither for the waiting leader to wake nor to be woken by it).
 *
 * <p>Waiting callers park outside the lock and are woken one by one, directly: each caller of the finished
 * batch, then the next leader. Waking every waiter at each change, or making the released callers queue for
 * the lock one after the other, costs a context switch per waiter in turn, which on a virtual machine is a
 * large share of a commit. The next leader comes last so that the released callers get a head start at
 * coming back for its batch (woken first, its batches under MLLP load held 7 messages instead of 9-10).
 *
 * <p>A caller whose work fails is rolled back to its savepoint and gets the exception; the others in the
 * batch still commit. If the commit itself fails, every caller of the batch gets the failure and nothing
 * of the batch is kept.
 */
final class GroupCommitWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitWriter.class);

    private final Connection connection;
    private final Control statements;
    private final int maxBatch;
    private final long maxWaitNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition idle = lock.newCondition(); // nothing queued and nobody leading
    private final AtomicLong commits = new AtomicLong();
    private final AtomicLong committedWrites = new AtomicLong();
    // guarded by lock:
    private final ArrayDeque<Request<?>> queue = new ArrayDeque<>();
    private boolean leading;
    private boolean closed;
    private int expected = 1; // callers in the last batch
    private int expectedStrict = 1; // of them, strict ones
    private long lastStrictCommit = Long.MIN_VALUE / 2; // written by leaders only; the lock orders one leader after the next
    private int companyWanted = Integer.MAX_VALUE; // how many queued callers the leader waits for
    private Request<?> waitingLeader; // the leader while it waits for company, else null
    // written only by the leader; read by the checkpointer:
    private volatile Durability synchronous;

    GroupCommitWriter(Connection connection, int maxBatch, long maxWaitNanos) throws SQLException {
        this.connection = CachingConnection.wrap(connection);
        this.statements = new Control(connection);
        this.maxBatch = maxBatch;
        this.maxWaitNanos = maxWaitNanos;
    }

    /** Runs {@code work} in the next group commit; returns after that commit, or throws what went wrong. */
    <T> T write(Durability durability, SqlWork<T> work) {
        return submit(new Request<>(durability, work, false));
    }

    /**
     * Runs {@code action} in its turn behind the callers already queued, while no transaction of the
     * writer is open and nothing else is written: what a checkpoint needs to copy the WAL to its end.
     * Its result, or its failure, is returned like a write's.
     */
    <T> T betweenCommits(SqlWork<T> action) {
        return submit(new Request<>(Durability.RELAXED, action, true));
    }

    private <T> T submit(Request<T> me) {
        List<Request<?>> batch;
        CommitSteps.Turn turn = new CommitSteps.Turn();
        turn.strict = me.durability == Durability.STRICT;
        turn.begin();
        lock.lock();
        try {
            if (closed) throw new StoreException("the store is closed");
            queue.addLast(me);
            if (!leading && queue.peekFirst() == me) {
                leading = true;
                me.leads = true;
            } else if (waitingLeader != null && waitingLeader.durability == Durability.RELAXED
                    && me.durability == Durability.STRICT && inNextBatch()) {
                // A relaxed leader waits for a strict caller to share its commit: the strict caller leads
                // instead, on its own thread, taking the waiting one along. Waking the waiting leader to
                // commit and then the strict caller after it put two thread wake-ups on the way to each ACK.
                // The former leader is not woken: it learns its outcome when this commit releases it.
                waitingLeader.leads = false;
                waitingLeader = null;
                me.leads = true;
            } else if (waitingLeader != null && queue.size() >= companyWanted) {
                LockSupport.unpark(waitingLeader.thread); // the leader waiting for company has it
            }
        } finally {
            lock.unlock();
        }
        boolean interrupted = false;
        CommitSteps.Gather gathering;
        while (true) {
            // Parked outside the lock: a caller released with its batch returns at once, without queueing for
            // the lock behind the others of its batch.
            while (!me.done && !me.leads) {
                LockSupport.park(this);
                interrupted |= Thread.interrupted(); // the caller must learn its outcome; keep the flag for it
            }
            if (me.done) {
                if (interrupted) Thread.currentThread().interrupt();
                turn.commit();
                me.released.commit();
                return me.result();
            }
            gathering = new CommitSteps.Gather();
            gathering.begin();
            lock.lock();
            try {
                batch = gather(me);
            } finally {
                lock.unlock();
            }
            if (batch != null) break; // else a strict caller took the lead (and this caller) while it waited
        }
        if (interrupted) Thread.currentThread().interrupt();
        turn.commit();
        gathering.callers = batch.size();
        gathering.commit();
        boolean finished = false;
        try {
            if (batch.get(0).betweenCommits) runBetweenCommits(batch.get(0));
            else commit(batch);
            finished = true;
        } finally {
            Request<?> next;
            lock.lock();
            try {
                next = queue.peekFirst();
                if (next != null) next.leads = true; // the lead passes on at once; leading stays set
                else leading = false;
                if (next == null) idle.signalAll();
            } finally {
                lock.unlock();
            }
            for (Request<?> r : batch) {
                // An Error escaped the commit: no caller may take that for success.
                if (!finished) r.fail(new StoreException("the commit did not finish: the batch may be lost"));
                r.released.strict = r.durability == Durability.STRICT;
                r.released.begin();
                r.done = true;
                if (r != me) LockSupport.unpark(r.thread);
            }
            if (next != null) LockSupport.unpark(next.thread);
        }
        return me.result();
    }

    /**
     * With the lock held: whether every queued caller, the last one too, goes into the next batch (none past
     * its bound, no action between commits before it). A caller may take the lead only then: a leader
     * must be in the batch it commits.
     */
    private boolean inNextBatch() {
        if (queue.size() > maxBatch) return false;
        for (Request<?> r : queue) if (r.betweenCommits) return false;
        return true;
    }

    /**
     * With the lock held: waits (bounded) for last time's number of callers, then takes the queue's head
     * and the callers after it, up to the first action that must run between commits (which goes alone).
     * Returns null when a strict caller took the lead from {@code leader} (relaxed) while it waited.
     */
    private List<Request<?>> gather(Request<?> leader) {
        if (queue.peekFirst().betweenCommits) return List.of(queue.pollFirst());
        long deadline = System.nanoTime() + maxWaitNanos;
        boolean interrupted = false;
        // A strict leader waits only for the strict callers of the last batch: a relaxed one (a worker's
        // outcome) comes back at its own pace, and counting it made a lone message's leader wait for a second
        // caller that was not coming. A relaxed leader waits for everyone, and for one strict caller when a
        // strict commit ended within maxWait: under a feed that waits for each ACK, the worker's outcome of
        // one message then rides in the next message's commit (one commit, its pages written once, instead
        // of two); the strict caller joins at once and waits for nothing.
        int wanted = leader.durability == Durability.STRICT ? expectedStrict
                : Math.max(expected, System.nanoTime() - lastStrictCommit < maxWaitNanos ? 2 : 1);
        companyWanted = Math.min(wanted, maxBatch);
        if (queue.size() < companyWanted) waitingLeader = leader;
        while (queue.size() < companyWanted && leader.leads) {
            long left = deadline - System.nanoTime();
            if (left <= 0) break;
            // Parked, not waiting on a condition: a caller that takes the lead from it (see submit) leaves
            // it asleep, and the commit that releases it wakes it once.
            lock.unlock();
            try {
                LockSupport.parkNanos(this, left);
            } finally {
                lock.lock();
            }
            interrupted |= Thread.interrupted(); // the caller must learn its outcome; keep the flag for it
        }
        if (interrupted) Thread.currentThread().interrupt();
        if (!leader.leads) return null; // the new leader has set companyWanted for itself
        if (waitingLeader == leader) waitingLeader = null;
        companyWanted = Integer.MAX_VALUE;
        List<Request<?>> batch = new ArrayList<>(Math.min(queue.size(), maxBatch));
        while (!queue.isEmpty() && batch.size() < maxBatch && !queue.peekFirst().betweenCommits) {
            batch.add(queue.pollFirst());
        }
        expected = batch.size();
        expectedStrict = (int) batch.stream().filter(r -> r.durability == Durability.STRICT).count();
        return batch;
    }

    private void runBetweenCommits(Request<?> r) {
        try {
            r.run(connection);
        } catch (SQLException | RuntimeException e) {
            r.fail(asStoreFailure(e));
        }
    }

    private void commit(List<Request<?>> batch) {
        Durability durability = batch.stream().anyMatch(r -> r.durability == Durability.STRICT)
                ? Durability.STRICT : Durability.RELAXED;
        CommitSteps.Work work = new CommitSteps.Work();
        work.strict = durability == Durability.STRICT;
        work.begin();
        try {
            setSynchronous(durability);
            statements.begin.execute();
            if (batch.size() == 1) {
                if (!runAlone(batch.get(0))) {
                    statements.rollback.execute();
                    return;
                }
            } else {
                for (Request<?> r : batch) runInSavepoint(r);
            }
            work.commit();
            CommitSteps.Commit step = new CommitSteps.Commit();
            step.strict = durability == Durability.STRICT;
            step.begin();
            statements.commit.execute();
            step.commit();
            if (durability == Durability.STRICT) lastStrictCommit = System.nanoTime();
            commits.incrementAndGet();
            committedWrites.addAndGet(batch.size());
        } catch (SQLException | RuntimeException e) {
            rollbackQuietly();
            StoreException failure = new StoreException("commit failed, nothing of this batch was stored: "
                    + e.getMessage(), e);
            for (Request<?> r : batch) r.fail(failure);
        }
    }

    /** A caller alone in its transaction needs no savepoint: if its work fails, the transaction is rolled back. */
    private boolean runAlone(Request<?> r) {
        try {
            r.run(connection);
            return true;
        } catch (SQLException | RuntimeException e) {
            r.fail(asStoreFailure(e));
            return false;
        }
    }

    /** Keeps the work's result, or the exception it failed with (its savepoint rolled back). */
    private void runInSavepoint(Request<?> r) throws SQLException {
        statements.savepoint.execute();
        try {
            r.run(connection);
            statements.release.execute();
        } catch (SQLException | RuntimeException e) {
            statements.rollbackToSavepoint.execute();
            statements.release.execute();
            r.fail(asStoreFailure(e));
        }
    }

    private static RuntimeException asStoreFailure(Exception e) {
        return e instanceof SQLException ? new StoreException(e.getMessage(), e) : (RuntimeException) e;
    }

    private void setSynchronous(Durability durability) throws SQLException {
        if (durability == synchronous) return;
        // FULL: the WAL is synced at every commit. NORMAL (WAL mode): synced at checkpoints only, so a
        // process crash loses nothing and a power cut may lose the last commits. Never a statement prepared
        // once and kept: SQLite sets the level while it prepares the PRAGMA, not when it runs it, so a kept
        // statement would leave the level of whichever was prepared last (NORMAL: strict commits unsynced).
        try (Statement s = connection.createStatement()) {
            s.execute(durability == Durability.STRICT ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
        }
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

    /** Whether the last transaction was committed relaxed (not synced): the checkpointer's cue. */
    boolean committingRelaxed() {
        return synchronous == Durability.RELAXED;
    }

    /** Whether a leader is waiting for callers to join its batch (tests wait for it instead of sleeping). */
    boolean leaderWaitingForCompany() {
        lock.lock();
        try {
            return waitingLeader != null;
        } finally {
            lock.unlock();
        }
    }

    /** Callers queued, the one leading too while it gathers (tests wait for it instead of sleeping). */
    int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** Transactions committed so far (each may hold many callers). */
    long commits() {
        return commits.get();
    }

    /** Refuses new work, lets the queued work commit, then closes the connection. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            while (leading || !queue.isEmpty()) idle.awaitUninterruptibly();
        } finally {
            lock.unlock();
        }
        // How well group commit did over the writer's life (bench/run mllp-ingest reads it: messages per commit).
        LOG.info("SQLite writer closed: {} commit(s) for {} write(s)", commits.get(), committedWrites.get());
        try {
            connection.close();
        } catch (SQLException e) {
            LOG.warn("closing the SQLite writer: {}", e.getMessage());
        }
    }

    /** The transaction statements, prepared once: they run several times per commit. */
    private static final class Control {
        final PreparedStatement begin;
        final PreparedStatement commit;
        final PreparedStatement rollback;
        final PreparedStatement savepoint;
        final PreparedStatement release;
        final PreparedStatement rollbackToSavepoint;

        Control(Connection c) throws SQLException {
            begin = c.prepareStatement("BEGIN IMMEDIATE");
            commit = c.prepareStatement("COMMIT");
            rollback = c.prepareStatement("ROLLBACK");
            savepoint = c.prepareStatement("SAVEPOINT caller");
            release = c.prepareStatement("RELEASE caller");
            rollbackToSavepoint = c.prepareStatement("ROLLBACK TO caller");
        }
    }

    /** One caller's work and, once its batch is done, its outcome. */
    private static final class Request<T> {
        final Durability durability;
        final SqlWork<T> work;
        final boolean betweenCommits;
        final Thread thread = Thread.currentThread(); // made by the caller's thread, which parks until done or leading
        final CommitSteps.Release released = new CommitSteps.Release(); // begun by the leader as it releases this caller
        volatile boolean leads; // set (under the lock) when it is this caller's turn to lead a batch
        volatile boolean done; // set after its batch, its result or failure written before
        private T result;
        private RuntimeException failure;

        Request(Durability durability, SqlWork<T> work, boolean betweenCommits) {
            this.durability = durability;
            this.work = work;
            this.betweenCommits = betweenCommits;
        }

        void run(Connection c) throws SQLException {
            result = work.run(c);
        }

        void fail(RuntimeException e) {
            failure = e;
        }

        /** Read after {@code done} was seen: the volatile write that set it follows the leader's writes of the outcome. */
        T result() {
            if (failure != null) throw failure;
            return result;
        }
    }
}
