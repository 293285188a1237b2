package io.ductus.store.jdbc;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How engines on one PostgreSQL database tell each other that an interface's deliveries became pending
 * (docs/engines.md): after this engine's commits, the names of the interfaces they queued are sent as
 * {@code NOTIFY} on {@value #CHANNEL} (only names, never content), gathered: one notice per
 * {@value #LISTEN_WAIT_MS} ms at most, off the committing threads and outside their transactions (a NOTIFY in a
 * transaction serializes its commit with every other notifying one). The same session LISTENs: what other
 * engines sent is handed to {@code heard}. The session is one of its own, not the pool's; when it breaks it is
 * opened again, and {@code missed} is called once (notices may have been lost meanwhile). A notice lost to a
 * crash between commit and send is found by the owner's safety-net poll.
 */
final class QueueNotices {

    static final String CHANNEL = "ductus_queued";
    /** How long one listen waits: also how long a queued name waits before it is sent. */
    static final int LISTEN_WAIT_MS = 20;
    /** A payload's most bytes (PostgreSQL's limit is 8,000). */
    private static final int PAYLOAD_BYTES = 7000;
    /** A quiet session is checked this often, so a broken one is found and opened again. */
    private static final long CHECK_MS = 5000;
    private static final long REOPEN_MS = 1000;
    private static final long FIRST_LISTEN_MS = 2000;

    private static final Logger LOG = LoggerFactory.getLogger(QueueNotices.class);

    private final SessionConnections sessions;
    private final String runId;
    private final Consumer<Set<String>> heard;
    private final Runnable missed;
    private final Set<String> toSend = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;
    private volatile Connection session;
    private Thread thread;
    private final java.util.concurrent.CountDownLatch listening = new java.util.concurrent.CountDownLatch(1);

    QueueNotices(SessionConnections sessions, String runId, Consumer<Set<String>> heard, Runnable missed) {
        this.sessions = sessions;
        this.runId = runId;
        this.heard = heard;
        this.missed = missed;
    }

    /** Starts the session; returns once it listens (or after {@value #FIRST_LISTEN_MS} ms: it goes on trying). */
    QueueNotices start() {
        thread = Thread.ofPlatform().daemon(true).name("ductus-engine-notices").start(this::run);
        try {
            listening.await(FIRST_LISTEN_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return this;
    }

    /** This engine committed pending deliveries of the interface: the other engines are told within moments. */
    void queued(String interfaceName) {
        if (!closed) toSend.add(interfaceName);
    }

    private void run() {
        int opened = 0;
        while (!closed) {
            try (Connection c = sessions.open()) {
                int pid = listen(c);
                session = c;
                listening.countDown();
                if (opened++ > 0) {
                    LOG.info("engine run {}: queue notices heard again; every worker looks at its queue once", runId);
                    missed.run();
                }
                serve(c, pid);
            } catch (UnsupportedOperationException e) {
                LOG.info("engine run {}: no queue notices ({}); workers find other engines' messages at their poll", runId, e.getMessage());
                closed = true;
                listening.countDown();
                return;
            } catch (SQLException | RuntimeException e) {
                if (closed) return;
                LOG.warn("engine run {}: queue notices lost ({}); opening the session again; meanwhile workers poll", runId, e.toString());
                if (opened == 0) opened = 1; // what came before the first session is missed too
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(REOPEN_MS));
            } finally {
                session = null;
            }
        }
    }

    private static int listen(Connection c) throws SQLException {
        c.setAutoCommit(true);
        c.setNetworkTimeout(Runnable::run, (int) (3 * CHECK_MS)); // a vanished server fails the next check
        try (Statement s = c.createStatement()) {
            try {
                s.execute("SET idle_session_timeout = 0");
            } catch (SQLException older) {
                // before PostgreSQL 14: no such timeout
            }
            // A NOTIFY gives its transaction an id, so each send would commit with a WAL flush of its own, up to one per
            // LISTEN_WAIT_MS beside the intake's (whose commits then wait for it): a notice is only a hint (one lost to a
            // crash is found by the owner's safety-net poll), so its commit does not wait for the disk.
            s.execute("SET synchronous_commit = off");
            s.execute("LISTEN " + CHANNEL);
            try (var r = s.executeQuery("SELECT pg_backend_pid()")) {
                r.next();
                return r.getInt(1);
            }
        }
    }

    private void serve(Connection c, int ownPid) throws SQLException {
        long lastTalk = System.nanoTime();
        while (!closed) {
            if (send(c)) lastTalk = System.nanoTime();
            Set<String> names = new TreeSet<>();
            for (SessionConnections.Notice n : sessions.notifications(c, LISTEN_WAIT_MS)) {
                if (n.senderPid() == ownPid || n.payload() == null) continue; // this engine's own: its workers were woken already
                for (String name : n.payload().split("\n")) {
                    if (!name.isEmpty()) names.add(name);
                }
            }
            if (!names.isEmpty()) heard.accept(names);
            if (System.nanoTime() - lastTalk > TimeUnit.MILLISECONDS.toNanos(CHECK_MS)) {
                try (Statement s = c.createStatement()) {
                    s.execute("SELECT 1");
                }
                lastTalk = System.nanoTime();
            }
        }
    }

    /** Sends what was queued since the last send; on failure keeps it for the next session. */
    private boolean send(Connection c) throws SQLException {
        if (toSend.isEmpty()) return false;
        List<String> names = new ArrayList<>();
        for (String name : toSend) {
            if (toSend.remove(name)) names.add(name);
        }
        if (names.isEmpty()) return false;
        try (PreparedStatement s = c.prepareStatement("SELECT pg_notify('" + CHANNEL + "', ?)")) {
            StringBuilder payload = new StringBuilder();
            int bytes = 0;
            for (String name : names) {
                int size = name.getBytes(StandardCharsets.UTF_8).length + 1;
                if (bytes > 0 && bytes + size > PAYLOAD_BYTES) {
                    notify(s, payload);
                    payload.setLength(0);
                    bytes = 0;
                }
                if (bytes > 0) payload.append('\n');
                payload.append(name);
                bytes += size;
            }
            notify(s, payload);
        } catch (SQLException e) {
            toSend.addAll(names);
            throw e;
        }
        return true;
    }

    private static void notify(PreparedStatement s, StringBuilder payload) throws SQLException {
        s.setString(1, payload.toString());
        s.executeQuery().close();
    }

    void close() {
        closed = true;
        toSend.clear();
        Connection c = session;
        if (thread != null) {
            try {
                thread.join(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (thread != null && thread.isAlive() && c != null) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // ending either way
            }
        }
    }
}
