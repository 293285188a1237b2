package io.ductus.store.jdbc;

import io.ductus.core.engines.Assignment;
import io.ductus.store.StoreException;
import io.ductus.store.engine.EngineRun;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One engine run on a PostgreSQL database shared with other engines (docs/engines.md).
 *
 * <p>Alive: the run holds a session advisory lock ({@value #LOCK_CLASS}, its {@code lock_key}) on a connection
 * of its own, and writes its heartbeat on that connection every {@link EngineTimings#heartbeatMs()}. Another
 * run that finds its lock gone, or its heartbeat older than {@link EngineTimings#staleMs()} (a frozen process
 * keeps its session), marks it stopped, ends its session ({@code pg_terminate_backend}) and drops its claims.
 *
 * <p>Claims: a round (every {@link EngineTimings#roundMs()}) computes every interface's target
 * ({@link Assignment}), hands over what it owns whose target is another live engine (after the listener stopped
 * those workers) and claims what is its own and unowned, in one transaction that takes a transaction advisory
 * lock first, so that rounds of all engines run one after another, and inserts claims in interface order. Rounds
 * run on a connection of their own (opened like the lock's, outside the pools), so that a pool taken by the
 * workers and intake never delays a hand-over, a claim or a takeover.
 *
 * <p>Fence: a claim is confirmed by the database (its row with this run's id and epoch, and this run's heartbeat
 * younger than {@code stale - lease}); a confirmation lets the workers send for {@link EngineTimings#leaseMs()}
 * on the monotonic clock. Whoever takes the interface over waited for a heartbeat older than the stale time,
 * so the lease had run out before: a frozen run, resumed, asks again and is refused.
 */
final class PostgresEngineRun implements EngineRun {

    private static final Logger LOG = LoggerFactory.getLogger(PostgresEngineRun.class);

    /** The advisory lock class of engine runs' session locks ('DUCT'); the key is the run's {@code lock_key}. */
    static final int LOCK_CLASS = 0x44554354;
    /** The transaction advisory lock every claim round takes first: rounds of all engines run one at a time. */
    static final int ROUND_CLASS = LOCK_CLASS + 1;

    private static final class Claim {
        final long epoch;
        volatile long leaseEnd;

        Claim(long epoch, long leaseEnd) {
            this.epoch = epoch;
            this.leaseEnd = leaseEnd;
        }
    }

    /** Thrown inside a round when this run is no longer alive by the database's account. */
    private static final class NotAlive extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotAlive(String message) {
            super(message, null, false, false);
        }
    }

    private final Transactions transactions;
    private final SessionConnections sessions;
    private final EngineTimings timings;
    private final LongSupplier nanos;
    private final Listener listener;
    private final String id;
    private final String host;
    private final long pid;
    private final String version;
    private final long startedAt;
    private final Map<String, Claim> owned = new ConcurrentHashMap<>();
    private final ReentrantLock rounds = new ReentrantLock();
    private final Object state = new Object();
    private volatile Set<String> offered;
    /** Counts the times this run lost its claims; a round that began before a loss does not apply its result. */
    private long generation;
    private Connection session;
    /** The rounds' own connection (outside the pools); used and replaced only while {@link #rounds} is held. */
    private Connection roundConnection;
    private int lockPid;
    private volatile boolean closed;
    private final List<Thread> threads = new ArrayList<>();
    private volatile QueueNotices notices;

    PostgresEngineRun(Transactions transactions, SessionConnections sessions, EngineTimings timings, LongSupplier nanos,
                      String version, Set<String> queued, Listener listener, long now) {
        this.transactions = transactions;
        this.sessions = sessions;
        this.timings = timings;
        this.nanos = nanos;
        this.listener = listener;
        this.version = version;
        this.offered = Set.copyOf(queued);
        this.id = java.util.UUID.randomUUID().toString();
        this.host = LocalHost.name();
        this.pid = ProcessHandle.current().pid();
        this.startedAt = now;
    }

    /** Registers the run and makes its first round; then starts its heartbeat and rounds (each unless asked not to). */
    PostgresEngineRun start(boolean heartbeats, boolean rounds) {
        synchronized (state) {
            register();
        }
        LOG.info("engine run {} on {} (process {}), version {}: lock held, heartbeat every {} ms, stale after {} ms, lease {} ms",
                id, host, pid, version, timings.heartbeatMs(), timings.staleMs(), timings.leaseMs());
        // Heartbeats from the registration on, not after the first round: that round may wait for the other engines'
        // rounds and, on a loaded machine, take seconds; a run whose heartbeat is older than the stale time is dead
        // to every round, its own first one included (it would claim nothing and register again).
        if (heartbeats) {
            threads.add(Thread.ofPlatform().daemon(true).name("ductus-engine-heartbeat").start(() -> every(timings.heartbeatMs(), this::heartbeat)));
        }
        round();
        notices = new QueueNotices(sessions, id, this::heard, this::missed).start();
        if (rounds) threads.add(Thread.ofPlatform().daemon(true).name("ductus-engine-claims").start(() -> every(timings.roundMs(), this::round)));
        return this;
    }

    private void every(long ms, Runnable work) {
        while (!closed) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(ms));
            if (closed) return;
            try {
                work.run();
            } catch (RuntimeException e) {
                LOG.warn("engine run {}: {}", id, e.toString());
            }
        }
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public void offer(Set<String> queued) {
        offered = Set.copyOf(queued);
    }

    /** This engine committed pending deliveries of the interface: the engine that delivers it is told (docs/engines.md). */
    void queued(String interfaceName) {
        QueueNotices n = notices;
        if (n != null) n.queued(interfaceName);
    }

    /** Another engine queued these: the workers of those this run delivers are woken. */
    private void heard(Set<String> names) {
        Set<String> mine = new TreeSet<>();
        for (String name : names) {
            if (owned.containsKey(name)) mine.add(name);
        }
        if (!mine.isEmpty()) listener.pending(mine);
    }

    /** Notices may have been missed (the notice session was lost): every worker of this run looks once. */
    private void missed() {
        Set<String> mine = new TreeSet<>(owned.keySet());
        if (!mine.isEmpty()) listener.pending(mine);
    }

    @Override
    public boolean owns(String interfaceName) {
        return owned.containsKey(interfaceName);
    }

    @Override
    public boolean maySend(String interfaceName) {
        Claim claim = owned.get(interfaceName);
        if (claim == null) return false;
        long asked = nanos.getAsLong();
        if (asked - claim.leaseEnd < 0) return true;
        boolean confirmed;
        try {
            confirmed = transactions.read(c -> confirm(c, interfaceName, claim.epoch));
        } catch (StoreException e) {
            LOG.warn("engine run {}: could not confirm the claim of {}: {}", id, interfaceName, e.getMessage());
            return false;
        }
        if (confirmed) {
            claim.leaseEnd = asked + TimeUnit.MILLISECONDS.toNanos(timings.leaseMs());
            return true;
        }
        if (owned.remove(interfaceName, claim)) LOG.warn("engine run {}: {} is no longer this engine's; its sends stop", id, interfaceName);
        return false;
    }

    /** The fence: the claim's row (by its primary key) and this run's heartbeat young enough. */
    private boolean confirm(Connection c, String interfaceName, long epoch) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(JdbcEngines.CONFIRM)) {
            s.setString(1, interfaceName);
            s.setString(2, id);
            s.setLong(3, epoch);
            s.setDouble(4, timings.freshForFenceMs() / 1000.0);
            try (ResultSet r = s.executeQuery()) {
                return r.next();
            }
        }
    }

    // ---- the session: lock and heartbeat ----

    /** Opens the session, takes the lock and writes the run's row (again after a loss). Holds {@link #state}. */
    private void register() {
        Connection c = null;
        try {
            c = sessions.open();
            c.setAutoCommit(true);
            try (Statement s = c.createStatement()) {
                // The session lives as long as the run: no idle timeout ends it; the server probes a silent client.
                for (String set : List.of("SET idle_session_timeout = 0", "SET idle_in_transaction_session_timeout = 0",
                        "SET tcp_keepalives_idle = 10", "SET tcp_keepalives_interval = 5", "SET tcp_keepalives_count = 3",
                        "SET tcp_user_timeout = 30000")) {
                    try {
                        s.execute(set);
                    } catch (SQLException older) {
                        LOG.debug("engine run {}: {} refused: {}", id, set, older.getMessage());
                    }
                }
            }
            int key;
            while (true) {
                key = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
                try (PreparedStatement s = c.prepareStatement("SELECT pg_try_advisory_lock(" + LOCK_CLASS + ", ?), pg_backend_pid()")) {
                    s.setInt(1, key);
                    try (ResultSet r = s.executeQuery()) {
                        r.next();
                        lockPid = r.getInt(2);
                        if (r.getBoolean(1)) break;
                    }
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO engines (id, host, pid, version, started_at, state, heartbeat, lock_key, lock_pid)"
                    + " VALUES (?, ?, ?, ?, ?, 'RUNNING', clock_timestamp(), ?, ?) ON CONFLICT (id) DO UPDATE SET state = 'RUNNING',"
                    + " heartbeat = clock_timestamp(), lock_key = EXCLUDED.lock_key, lock_pid = EXCLUDED.lock_pid")) {
                s.setString(1, id);
                s.setString(2, host);
                s.setLong(3, pid);
                s.setString(4, version);
                s.setLong(5, startedAt);
                s.setInt(6, key);
                s.setInt(7, lockPid);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM interface_owners WHERE engine_id = ?")) {
                s.setString(1, id); // claims of this run before a loss: their epochs are void
                s.executeUpdate();
            }
            try (Statement s = c.createStatement()) {
                // From here on the session only writes heartbeats: each is seen by the others at its commit, without
                // waiting for the WAL to reach the disk (on a busy disk that wait alone took 450 ms of a 1 s stale time).
                // A heartbeat lost to a server crash only makes this run look older; the crash ends its lock anyway.
                s.execute("SET synchronous_commit = off");
            }
            c.setNetworkTimeout(Runnable::run, (int) timings.staleMs());
            session = c;
        } catch (SQLException e) {
            closeQuietly(c);
            throw new StoreException("engine run " + id + ": cannot take the engine lock: " + e.getMessage(), e);
        }
    }

    /** Writes the heartbeat on the lock's connection; a refusal or a broken connection loses every claim at once. */
    void heartbeat() {
        Connection c;
        synchronized (state) {
            c = session;
        }
        if (c == null) {
            reregister();
            return;
        }
        String lost;
        long began = System.nanoTime();
        try (PreparedStatement s = c.prepareStatement("UPDATE engines SET heartbeat = clock_timestamp() WHERE id = ? AND lock_pid = ?"
                + " AND state <> 'STOPPED' AND heartbeat > clock_timestamp() - make_interval(secs => ?)")) {
            s.setString(1, id);
            s.setInt(2, lockPid);
            s.setDouble(3, timings.staleMs() / 1000.0);
            if (s.executeUpdate() == 1) {
                late(began, System.nanoTime());
                return;
            }
            lost = "its heartbeat was refused (another engine judged it gone)";
        } catch (SQLException e) {
            lost = "its lock connection broke: " + e.getMessage();
        }
        lose(lost);
        reregister();
    }

    /** When the last heartbeat was written (System.nanoTime; 0: none yet). Only the heartbeat's thread uses it. */
    private long lastBeat;

    /**
     * Says so when a heartbeat was written more than half the stale time after the one before: the others judge
     * this run gone at the stale time, so the log tells why before it happens (the write's own time is the database's
     * share; the rest is this process waiting for the CPU).
     */
    private void late(long began, long written) {
        long last = lastBeat;
        lastBeat = written;
        if (last == 0) return;
        long gapMs = TimeUnit.NANOSECONDS.toMillis(written - last);
        if (gapMs > timings.staleMs() / 2) {
            LOG.warn("engine run {}: heartbeat written {} ms after the one before (every {} ms, stale after {} ms); its write took {} ms",
                    id, gapMs, timings.heartbeatMs(), timings.staleMs(), TimeUnit.NANOSECONDS.toMillis(written - began));
        }
    }

    private void reregister() {
        if (closed) return;
        try {
            synchronized (state) {
                if (session == null) register();
            }
            LOG.info("engine run {} registered again: lock held; claims follow in the next round", id);
        } catch (StoreException e) {
            LOG.warn("{}; trying again", e.getMessage());
        }
    }

    /** Stops every send at once (the claims are dropped here), then lets the workers end. */
    private void lose(String why) {
        Set<String> had;
        synchronized (state) {
            generation++;
            had = new TreeSet<>(owned.keySet());
            owned.clear();
            closeQuietly(session);
            session = null;
        }
        LOG.warn("engine run {} stops delivering {} interface(s): {}; intake goes on", id, had.size(), why);
        if (!had.isEmpty()) listener.releasing(had);
    }

    // ---- claim rounds ----

    private record Live(String id, boolean draining) {
    }

    private record Dead(String id, boolean lockHeld, int lockPid) {
    }

    private record Seen(List<Live> live, List<Dead> dead, Map<String, String> owners, Map<String, Long> epochs,
                        Map<String, String> moves) {
        Map<String, String> targets(Set<String> queued) {
            List<String> active = live.stream().filter(l -> !l.draining()).map(Live::id).toList();
            if (active.isEmpty()) active = live.stream().map(Live::id).toList();
            return Assignment.targets(active, queued, owners, moves);
        }

        boolean alive(String engine) {
            return live.stream().anyMatch(l -> l.id().equals(engine));
        }
    }

    private record Outcome(Set<String> released, Map<String, Long> claimed, Set<String> kept) {
    }

    @Override
    public void round() {
        rounds.lock();
        try {
            if (closed) return;
            long began;
            synchronized (state) {
                if (session == null) return;
                began = generation;
            }
            Set<String> queued = offered;
            Seen before = onRoundConnection(false, this::see);
            Map<String, String> targetsBefore = before.targets(queued);
            Map<String, String> ownersBefore = liveOwners(before);
            Assignment.Plan planBefore = Assignment.plan(id, targetsBefore, ownersBefore);
            Set<String> handing = new TreeSet<>(planBefore.release());
            handing.retainAll(owned.keySet());
            boolean adopt = ownersBefore.entrySet().stream().anyMatch(o -> o.getValue().equals(id) && !owned.containsKey(o.getKey())
                    && id.equals(targetsBefore.get(o.getKey())));
            if (before.alive(id) && planBefore.isEmpty() && before.dead().isEmpty() && !adopt) {
                return; // nothing to change: no write, no wait on the other engines' rounds
            }
            Map<String, Claim> aside = new HashMap<>();
            for (String name : handing) {
                Claim claim = owned.remove(name);
                if (claim != null) aside.put(name, claim);
            }
            if (!aside.isEmpty()) listener.releasing(new TreeSet<>(aside.keySet()));
            long asked = nanos.getAsLong();
            Outcome outcome;
            try {
                outcome = onRoundConnection(true, c -> claimRound(c, queued, aside.keySet()));
            } catch (RuntimeException e) {
                putBack(began, aside);
                if (e instanceof NotAlive || e.getCause() instanceof NotAlive) {
                    lose("it is no longer alive by the database's account");
                    return;
                }
                throw e;
            }
            Set<String> started = new TreeSet<>();
            synchronized (state) {
                if (began != generation) return; // lost meanwhile: what this round claimed is void
                long leaseEnd = asked + TimeUnit.MILLISECONDS.toNanos(timings.leaseMs());
                outcome.claimed().forEach((name, epoch) -> owned.put(name, new Claim(epoch, leaseEnd)));
                for (String name : outcome.kept()) owned.put(name, new Claim(aside.get(name).epoch, 0));
                started.addAll(outcome.claimed().keySet());
                started.addAll(outcome.kept());
            }
            if (!outcome.released().isEmpty()) LOG.info("engine run {} handed over {}", id, outcome.released());
            if (!outcome.claimed().isEmpty()) LOG.info("engine run {} claimed {} interface(s)", id, outcome.claimed().size());
            if (!started.isEmpty()) listener.claimed(started);
        } finally {
            rounds.unlock();
        }
    }

    /**
     * One transaction on the rounds' own connection (a read sees one snapshot; a write commits), opened when
     * there is none; a connection that failed is closed, and the next round opens another. Holds {@link #rounds}.
     */
    private <T> T onRoundConnection(boolean write, SqlWork<T> work) {
        Connection c = roundConnection;
        try {
            if (c == null) {
                c = sessions.open();
                c.setAutoCommit(false);
                try (Statement s = c.createStatement()) {
                    s.execute("SET application_name = 'ductus engine rounds'");
                    // A round's transaction holds the rounds' lock of every engine and never waits inside: an engine
                    // frozen in the middle of one (SIGSTOP) would stop every other engine's rounds, takeovers
                    // included, for as long as it stays frozen. The server ends such a session after the stale time.
                    s.execute("SET idle_in_transaction_session_timeout = " + timings.staleMs());
                }
                c.commit();
                roundConnection = c;
            }
            if (!write) {
                try (Statement s = c.createStatement()) {
                    s.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
                }
            }
            T result;
            try {
                result = work.run(c);
            } catch (RuntimeException e) {
                try {
                    c.rollback();
                } catch (SQLException broken) {
                    if (roundConnection == c) roundConnection = null;
                    closeQuietly(c);
                }
                throw e;
            }
            if (write) c.commit();
            else c.rollback();
            return result;
        } catch (SQLException e) {
            if (roundConnection == c) roundConnection = null;
            closeQuietly(c); // rolled back by the server with it
            throw new StoreException("engine run " + id + ": claim round failed, nothing of it was stored: " + e.getMessage(), e);
        }
    }

    private void putBack(long began, Map<String, Claim> aside) {
        if (aside.isEmpty()) return;
        synchronized (state) {
            if (began != generation) return;
            aside.forEach((name, claim) -> {
                claim.leaseEnd = nanos.getAsLong(); // confirm again before the next send
                owned.put(name, claim);
            });
        }
        listener.claimed(new TreeSet<>(aside.keySet()));
    }

    private static Map<String, String> liveOwners(Seen seen) {
        Map<String, String> alive = new TreeMap<>();
        seen.owners().forEach((name, engine) -> {
            if (seen.alive(engine)) alive.put(name, engine);
        });
        return alive;
    }

    private Outcome claimRound(Connection c, Set<String> queued, Set<String> handing) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SELECT pg_advisory_xact_lock(" + ROUND_CLASS + ", 0)");
        }
        Seen seen = see(c);
        if (!seen.alive(id)) throw new NotAlive("engine run " + id + " is not alive");
        endDead(c, seen.dead());
        Map<String, String> owners = liveOwners(seen);
        Map<String, String> targets = seen.targets(queued);
        Assignment.Plan plan = Assignment.plan(id, targets, owners);
        // Released: what the workers stopped for (handing), and rows of this run it delivers not (a claim dropped by a
        // refused confirmation): never one whose workers may still send.
        Set<String> release = new TreeSet<>(plan.release());
        release.removeIf(owned::containsKey);
        Set<String> kept = new TreeSet<>(handing);
        kept.removeAll(release);
        if (!release.isEmpty()) {
            try (PreparedStatement d = c.prepareStatement("DELETE FROM interface_owners WHERE engine_id = ? AND interface = ANY(?)")) {
                d.setString(1, id);
                d.setArray(2, texts(c, release));
                d.executeUpdate();
            }
        }
        Map<String, Long> claimed = new TreeMap<>();
        // Rows already this run's that it holds no claim for (a claim dropped by a failed confirmation): adopt them.
        owners.forEach((name, engine) -> {
            if (engine.equals(id) && id.equals(targets.get(name)) && !owned.containsKey(name) && !handing.contains(name)) {
                claimed.put(name, seen.epochs().get(name));
            }
        });
        if (!plan.claim().isEmpty()) {
            try (PreparedStatement i = c.prepareStatement("INSERT INTO interface_owners (interface, engine_id, epoch, claimed_at)"
                    + " SELECT n, ?, nextval('interface_owner_epochs'), ? FROM unnest(?::text[]) AS n ORDER BY n"
                    + " ON CONFLICT (interface) DO NOTHING RETURNING interface, epoch")) {
                i.setString(1, id);
                i.setLong(2, System.currentTimeMillis());
                i.setArray(3, texts(c, plan.claim()));
                try (ResultSet r = i.executeQuery()) {
                    while (r.next()) claimed.put(r.getString(1), r.getLong(2));
                }
            }
        }
        return new Outcome(release, claimed, kept);
    }

    private Seen see(Connection c) throws SQLException {
        List<Live> live = new ArrayList<>();
        List<Dead> dead = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT e.id, e.state, e.lock_pid,"
                + " e.heartbeat > clock_timestamp() - make_interval(secs => ?),"
                + " EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.classid = " + LOCK_CLASS
                + " AND l.objid = e.lock_key::oid AND l.objsubid = 2 AND l.pid = e.lock_pid)"
                + " FROM engines e WHERE e.state <> 'STOPPED'")) {
            s.setDouble(1, timings.staleMs() / 1000.0);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    boolean fresh = r.getBoolean(4);
                    boolean locked = r.getBoolean(5);
                    if (fresh && locked) live.add(new Live(r.getString(1), "DRAINING".equals(r.getString(2))));
                    else dead.add(new Dead(r.getString(1), locked, r.getInt(3)));
                }
            }
        }
        Map<String, String> owners = new HashMap<>();
        Map<String, Long> epochs = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT interface, engine_id, epoch FROM interface_owners")) {
            while (r.next()) {
                owners.put(r.getString(1), r.getString(2));
                epochs.put(r.getString(1), r.getLong(3));
            }
        }
        Map<String, String> moves = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT interface, engine_id FROM interface_moves")) {
            while (r.next()) moves.put(r.getString(1), r.getString(2));
        }
        return new Seen(live, dead, owners, epochs, moves);
    }

    /** Marks runs without their lock, or frozen past the stale time, stopped; ends a frozen run's session; drops their claims. */
    private void endDead(Connection c, List<Dead> dead) throws SQLException {
        if (dead.isEmpty()) return;
        Set<String> ids = new TreeSet<>();
        for (Dead d : dead) {
            ids.add(d.id());
            if (d.lockHeld()) {
                try (PreparedStatement t = c.prepareStatement("SELECT pg_terminate_backend(?)")) {
                    t.setInt(1, d.lockPid());
                    t.executeQuery().close();
                }
                LOG.warn("engine run {}: engine {} sent no heartbeat for {} ms: its session is ended and its interfaces taken",
                        id, d.id(), timings.staleMs());
            } else {
                LOG.warn("engine run {}: engine {} lost its lock (ended or connection gone): its interfaces are taken", id, d.id());
            }
        }
        Array array = texts(c, ids);
        for (String sql : List.of("UPDATE engines SET state = 'STOPPED' WHERE id = ANY(?)",
                "DELETE FROM interface_owners WHERE engine_id = ANY(?)", "DELETE FROM interface_moves WHERE engine_id = ANY(?)")) {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                s.setArray(1, array);
                s.executeUpdate();
            }
        }
    }

    private static Array texts(Connection c, Set<String> values) throws SQLException {
        return c.createArrayOf("text", values.toArray(String[]::new));
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        QueueNotices n = notices;
        if (n != null) n.close();
        threads.forEach(Thread::interrupt);
        rounds.lock();
        try {
            Set<String> had = new TreeSet<>(owned.keySet());
            owned.clear();
            if (!had.isEmpty()) listener.releasing(had);
            try {
                onRoundConnection(true, c -> {
                    for (String sql : List.of("DELETE FROM interface_owners WHERE engine_id = ?",
                            "DELETE FROM interface_moves WHERE engine_id = ?", "UPDATE engines SET state = 'STOPPED' WHERE id = ?")) {
                        try (PreparedStatement s = c.prepareStatement(sql)) {
                            s.setString(1, id);
                            s.executeUpdate();
                        }
                    }
                    return null;
                });
            } catch (StoreException e) {
                LOG.warn("engine run {}: could not hand its claims back ({}); the others take them when its lock is gone", id, e.getMessage());
            }
            closeQuietly(roundConnection);
            roundConnection = null;
            synchronized (state) {
                closeQuietly(session);
                session = null;
            }
            LOG.info("engine run {} ended: {} interface(s) handed back", id, had.size());
        } finally {
            rounds.unlock();
        }
        for (Thread t : threads) {
            try {
                t.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void closeQuietly(Connection c) {
        if (c == null) return;
        try {
            c.close();
        } catch (SQLException ignored) {
            // the session is gone either way
        }
    }
}
