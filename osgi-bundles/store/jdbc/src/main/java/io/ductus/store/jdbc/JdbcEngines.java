package io.ductus.store.jdbc;

import io.ductus.store.Durability;
import io.ductus.store.engine.EngineRecord;
import io.ductus.store.engine.EngineRun;
import io.ductus.store.engine.EngineRunState;
import io.ductus.store.engine.EngineStore;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * The engines of a database. PostgreSQL: every engine run's row, lock and claims ({@link PostgresEngineRun}).
 * SQLite: one engine per file (the file lock refuses a second), which delivers every interface.
 */
public final class JdbcEngines implements EngineStore {

    /**
     * The fence before a send: the claim's row by its primary key (interface; engine and epoch checked) and its
     * run's heartbeat young enough (the run's row by its primary key). Parameters: interface, engine, epoch,
     * the oldest heartbeat accepted in seconds.
     */
    public static final String CONFIRM = "SELECT 1 FROM interface_owners o JOIN engines e ON e.id = o.engine_id"
            + " WHERE o.interface = ? AND o.engine_id = ? AND o.epoch = ? AND e.state <> 'STOPPED'"
            + " AND e.heartbeat > clock_timestamp() - make_interval(secs => ?)";

    private final Dialect dialect;
    private final Transactions transactions;
    private final SessionConnections sessions;
    private volatile Solo solo;
    /** This store's engine run on a shared database (null: none joined, or one engine per database). */
    private volatile PostgresEngineRun shared;

    private record Solo(EngineRun run, long startedAt, String version, Set<String> queued) {
    }

    JdbcEngines(Dialect dialect, Transactions transactions, SessionConnections sessions) {
        this.dialect = dialect;
        this.transactions = transactions;
        this.sessions = sessions;
    }

    private boolean shared() {
        return dialect == Dialect.POSTGRES && sessions != null;
    }

    @Override
    public EngineRun join(String version, Set<String> queued, EngineRun.Listener listener) {
        return join(version, queued, listener, EngineTimings.DEFAULT, System::nanoTime, true, true);
    }

    /**
     * {@link #join(String, Set, EngineRun.Listener)} with the given timings and monotonic clock; without
     * {@code heartbeats} ({@code rounds}) the run writes heartbeats (makes rounds) only when asked: tests drive them.
     */
    public EngineRun join(String version, Set<String> queued, EngineRun.Listener listener, EngineTimings timings,
                          LongSupplier nanos, boolean heartbeats, boolean rounds) {
        if (!shared()) {
            EngineRun run = EngineRun.solo(java.util.UUID.randomUUID().toString());
            solo = new Solo(run, System.currentTimeMillis(), version, Set.copyOf(queued));
            org.slf4j.LoggerFactory.getLogger(JdbcEngines.class).debug("engine run {} (one engine on this database)", run.id()); // alone: its id only matters to GET /api/v1/engines
            return run;
        }
        PostgresEngineRun run = new PostgresEngineRun(transactions, sessions, timings, nanos, version, queued, listener,
                System.currentTimeMillis()).start(heartbeats, rounds);
        shared = run;
        return run;
    }

    /**
     * This engine committed pending deliveries of the interface (intake, a route, an operator's action): on a
     * shared database the engine that delivers it is told by a queue notice, so its workers go now rather than
     * at their safety-net poll. Nothing on one engine per database.
     */
    void queued(String interfaceName) {
        PostgresEngineRun run = shared;
        if (run != null) run.queued(interfaceName);
    }

    @Override
    public List<EngineRecord> engines() {
        if (!shared()) {
            Solo s = solo;
            if (s == null) return List.of();
            ProcessHandle self = ProcessHandle.current();
            return List.of(new EngineRecord(s.run().id(), LocalHost.name(), self.pid(), s.version(), s.startedAt(), EngineRunState.RUNNING,
                    new java.util.TreeSet<>(s.queued()).stream().toList()));
        }
        return transactions.read(c -> {
            Map<String, List<String>> owns = new TreeMap<>();
            try (PreparedStatement s = c.prepareStatement("SELECT interface, engine_id FROM interface_owners ORDER BY interface");
                 ResultSet r = s.executeQuery()) {
                while (r.next()) owns.computeIfAbsent(r.getString(2), k -> new ArrayList<>()).add(r.getString(1));
            }
            List<EngineRecord> all = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement(LIVE + " ORDER BY e.started_at, e.id")) {
                s.setDouble(1, EngineTimings.DEFAULT.staleMs() / 1000.0);
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        all.add(new EngineRecord(r.getString(1), r.getString(2), r.getLong(3), r.getString(4), r.getLong(5),
                                EngineRunState.valueOf(r.getString(6)), owns.getOrDefault(r.getString(1), List.of())));
                    }
                }
            }
            return all;
        });
    }

    /** Live runs: not stopped, their lock held, their heartbeat younger than the stale time. */
    private static final String LIVE = "SELECT e.id, e.host, e.pid, e.version, e.started_at, e.state FROM engines e"
            + " WHERE e.state <> 'STOPPED' AND e.heartbeat > clock_timestamp() - make_interval(secs => ?)"
            + " AND EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.classid = "
            + PostgresEngineRun.LOCK_CLASS + " AND l.objid = e.lock_key::oid AND l.objsubid = 2 AND l.pid = e.lock_pid)";

    @Override
    public void requestMove(String interfaceName, String toEngineId) {
        if (!shared()) throw new IllegalArgumentException("one engine per SQLite file: there is no other engine to move " + interfaceName + " to");
        List<EngineRecord> live = engines();
        EngineRecord to = live.stream().filter(e -> e.id().equals(toEngineId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no live engine " + toEngineId));
        if (to.state() != EngineRunState.RUNNING) throw new IllegalArgumentException("engine " + toEngineId + " is draining");
        boolean queued = live.stream().anyMatch(e -> e.owns().contains(interfaceName));
        if (!queued) throw new IllegalArgumentException("interface " + interfaceName + " is not delivered by any live engine (not queued, or unknown)");
        transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO interface_moves (interface, engine_id, asked_at) VALUES (?, ?, ?)"
                    + " ON CONFLICT (interface) DO UPDATE SET engine_id = EXCLUDED.engine_id, asked_at = EXCLUDED.asked_at")) {
                s.setString(1, interfaceName);
                s.setString(2, toEngineId);
                s.setLong(3, System.currentTimeMillis());
                return s.executeUpdate();
            }
        });
    }

    @Override
    public void requestDrain(String engineId) {
        if (!shared()) throw new IllegalArgumentException("one engine per SQLite file: engine " + engineId + " is the only live one");
        List<EngineRecord> live = engines();
        if (live.stream().noneMatch(e -> e.id().equals(engineId))) throw new IllegalArgumentException("no live engine " + engineId);
        if (live.stream().noneMatch(e -> !e.id().equals(engineId) && e.state() == EngineRunState.RUNNING)) {
            throw new IllegalArgumentException("engine " + engineId + " is the only live engine that delivers: nobody could take its interfaces");
        }
        transactions.write(Durability.STRICT, c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE engines SET state = 'DRAINING' WHERE id = ? AND state = 'RUNNING'")) {
                s.setString(1, engineId);
                s.executeUpdate();
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM interface_moves WHERE engine_id = ?")) {
                s.setString(1, engineId);
                return s.executeUpdate();
            }
        });
    }
}
