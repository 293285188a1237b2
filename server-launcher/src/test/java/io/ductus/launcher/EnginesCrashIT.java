package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Several engines on one PostgreSQL database (docs/engines.md, issue 23), as real {@code ductus serve} child
 * processes: three engines with the same project, 16 MLLP sender connections spread over their listeners, the
 * engine delivering interface e2e killed with kill -9 (or frozen with SIGSTOP for longer than the takeover time,
 * then resumed) at a random moment, round after round. Every message answered AA must reach the receiver, no
 * key's messages may arrive out of acknowledged order, the survivors must claim the interface within 10 s, and
 * each message must be delivered by one engine at a time.
 *
 * <p>Which engine sent each arrival is not the engines' word: the receiver asks Linux which process holds the
 * connection ({@link SocketOwners}). "One engine at a time" is then exact: the receiver's arrivals, collapsed into
 * stretches of one engine process, must be a subsequence of the interface's claims in their order (each claim a
 * new epoch), read from the store's claims history ({@code interface_claims}) or, without it, observed by polling
 * {@code interface_owners} every 20 ms (a claim missed by the polling can only make the check stricter).
 */
@ExtendWith(EngineLogOnFailure.class)
class EnginesCrashIT {

    private static final int CONNECTIONS = 16;
    private static final int KEYS = 24;
    private static final int ENGINES = 3;
    private static final Duration TAKEOVER = Duration.ofSeconds(10);
    private static final Pattern LISTENING = Pattern.compile("MLLP listener on 127\\.0\\.0\\.1:(\\d+)");

    enum Fault { KILL, STOP }

    @TempDir
    Path tmp;

    /**
     * Each sender connection waits this long after each answer: about 80 messages a second in all, below what one
     * engine delivers to the receiver on a loaded 2-core machine, so that the backlog left at the end is delivered in
     * seconds (unpaced, 16 connections store far faster than one MLLP destination delivers, and the final wait for
     * every acknowledged message grows with the rounds).
     */
    private static final long PAUSE_MS = 200;

    @ParameterizedTest(name = "{0}")
    @CsvSource({"KILL", "STOP"})
    void three_engines_deliver_every_acknowledged_message_in_key_order_one_engine_at_a_time(Fault fault) throws Exception {
        int rounds = Integer.getInteger("ductus.engines.rounds", 10);
        long seed = System.nanoTime();
        System.out.println("EnginesCrashIT " + fault + " seed " + seed);
        Random random = new Random(seed);
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed)) {
            TestProject project = new TestProject(tmp).ordering("PID-3.1", 16).mllpDestination("lab", receiver.port()).write();
            String url = Database.POSTGRES.newUrl(project.data(), "engines");
            try (Cluster cluster = new Cluster(project, url, receiver)) {
                cluster.startAll(false);
                LoadSenders load = new LoadSenders(CONNECTIONS, KEYS, 0, seed, cluster.ports(), PAUSE_MS);
                List<Long> takeovers = new ArrayList<>();
                try {
                    long started = System.nanoTime();
                    for (int round = 1; round <= rounds; round++) {
                        // The engine killed (or stopped by itself) last round starts again meanwhile: a start takes
                        // seconds on a loaded machine, and the two others deliver and take the next fault.
                        cluster.restartDeadInBackground();
                        long before = load.ackedCount();
                        Eventually.within(Duration.ofSeconds(30), () -> assertThat(load.ackedCount()).isGreaterThan(before + 20));
                        Thread.sleep(random.nextInt(1500));
                        // A survivor must be there to take over: engines killed in earlier rounds may still be starting
                        // (each start fails by itself when stuck: DuctusProcess.awaitStarted; here only a bound beyond it).
                        cluster.awaitLive(2, DuctusProcess.START_WALL.plusMinutes(1));
                        Engine victim = cluster.owner(TestProject.INTERFACE, Duration.ofSeconds(30));
                        long t0 = System.nanoTime();
                        if (fault == Fault.KILL) victim.kill();
                        else victim.freeze();
                        long took = cluster.awaitTakeover(TestProject.INTERFACE, victim, Duration.ofSeconds(60)) - t0;
                        takeovers.add(TimeUnit.NANOSECONDS.toMillis(took));
                        if (fault == Fault.STOP) {
                            // Frozen for longer than the takeover time, then resumed: it must send nothing it no longer owns.
                            long until = t0 + Math.max(took + TimeUnit.SECONDS.toNanos(2), TAKEOVER.toNanos() + TimeUnit.SECONDS.toNanos(1));
                            while (System.nanoTime() < until) Thread.sleep(50);
                            victim.resume();
                        }
                        System.out.printf("EnginesCrashIT %s round %d: engine pid %d %s, e2e claimed by pid %d after %d ms; %d AA in all, %d arrivals%n",
                                fault, round, victim.pid(), fault == Fault.KILL ? "killed" : "frozen and resumed",
                                cluster.currentOwnerPid(TestProject.INTERFACE), TimeUnit.NANOSECONDS.toMillis(took), load.ackedCount(),
                                receiver.arrivals().size());
                    }
                    cluster.restartDead();
                    System.out.printf("EnginesCrashIT %s: %d rounds in %d s%n", fault, rounds, (System.nanoTime() - started) / 1_000_000_000);
                    Thread.sleep(500);
                    load.stop();
                    List<LoadSenders.Sent> sent = load.sent();
                    Eventually.within(Duration.ofSeconds(120), () ->
                            assertThat(OrderCheck.missing(sent, receiver.accepted())).as("acknowledged but never delivered").isEmpty());
                    assertThat(OrderCheck.violations(sent, receiver.accepted())).as("per-key order violations").isEmpty();
                    cluster.assertOneEngineAtATime(TestProject.INTERFACE, receiver.arrivals());
                    assertThat(takeovers).as("takeover times (ms), each within " + TAKEOVER).allSatisfy(ms -> assertThat(ms).isLessThanOrEqualTo(TAKEOVER.toMillis()));
                    long acked = sent.stream().filter(LoadSenders.Sent::acked).count();
                    System.out.printf("EnginesCrashIT %s: %d rounds, %d sent, %d AA, %d arrivals, takeover ms %s (max %d), %d claims of e2e,"
                                    + " 0 missing, 0 order violations%n", fault, rounds, sent.size(), acked, receiver.arrivals().size(), takeovers,
                            takeovers.stream().mapToLong(Long::longValue).max().orElse(0), cluster.claims(TestProject.INTERFACE).size());
                } finally {
                    load.stop();
                }
            }
        }
    }

    @Test
    void two_engines_starting_at_once_never_both_deliver_an_interface() throws Exception {
        long seed = System.nanoTime();
        System.out.println("EnginesCrashIT at once seed " + seed);
        try (TestReceiver receiver = new TestReceiver(Ports.freeBelowEphemeral(), 0, seed)) {
            TestProject project = new TestProject(tmp).ordering("PID-3.1", 16).mllpDestination("lab", receiver.port());
            for (int i = 1; i <= 7; i++) {
                project.otherInterface("other-" + i, "source: internal\nformat: hl7\ndestinations:\n"
                        + "  lab:\n    type: mllp\n    connect: 127.0.0.1:" + receiver.port() + "\n", null);
            }
            project.write();
            String url = Database.POSTGRES.newUrl(project.data(), "engines_at_once");
            try (Cluster cluster = new Cluster(project, url, receiver, 2)) {
                cluster.startAll(true);
                LoadSenders load = new LoadSenders(CONNECTIONS, KEYS, 400, seed, cluster.ports());
                load.awaitDone();
                List<LoadSenders.Sent> sent = load.sent();
                Eventually.within(Duration.ofSeconds(60), () ->
                        assertThat(OrderCheck.missing(sent, receiver.accepted())).as("acknowledged but never delivered").isEmpty());
                assertThat(OrderCheck.violations(sent, receiver.accepted())).as("per-key order violations").isEmpty();
                cluster.assertOneEngineAtATime(TestProject.INTERFACE, receiver.arrivals());
                Map<String, Long> owners = cluster.currentOwners();
                assertThat(owners.keySet()).as("every interface is claimed").contains(TestProject.INTERFACE, "other-1", "other-7");
                assertThat(owners.values()).as("by a live engine of this test").allSatisfy(pid -> assertThat(cluster.livePids()).contains(pid));
                System.out.printf("EnginesCrashIT at once: %d AA, claims %s, owners %s%n", sent.stream().filter(LoadSenders.Sent::acked).count(),
                        cluster.claims(TestProject.INTERFACE), owners);
            }
        }
    }

    /** One engine process in a slot of the cluster (a restart is a new process in the same slot). */
    static final class Engine {
        final int slot;
        final DuctusProcess process;
        final int port;
        volatile boolean frozen;

        Engine(int slot, DuctusProcess process, int port) {
            this.slot = slot;
            this.process = process;
            this.port = port;
        }

        long pid() {
            return process.pid();
        }

        void kill() throws InterruptedException {
            frozen = true; // no new sender connection goes to it
            process.kill();
        }

        void freeze() throws IOException, InterruptedException {
            frozen = true;
            signal("-STOP");
        }

        void resume() throws IOException, InterruptedException {
            signal("-CONT");
            frozen = false;
        }

        private void signal(String signal) throws IOException, InterruptedException {
            Process p = new ProcessBuilder("kill", signal, Long.toString(pid())).inheritIO().start();
            assertThat(p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0).as("kill " + signal + " " + pid()).isTrue();
        }
    }

    /** A claim as the store records it: the interface, its epoch, and the process of the engine that made it. */
    record Claim(String interfaceName, long epoch, long pid) {
    }

    /** The engines of one test on one database, the senders' ports, and the claims history. */
    static final class Cluster implements AutoCloseable {
        private final TestProject project;
        private final String url;
        private final int size;
        private final Engine[] engines;
        private final List<DuctusProcess> all = new CopyOnWriteArrayList<>();
        private final AtomicInteger next = new AtomicInteger();
        private final List<Claim> observed = new CopyOnWriteArrayList<>();
        private final Map<String, Claim> current = new java.util.concurrent.ConcurrentHashMap<>();
        private final Thread poller;
        private volatile boolean closing;

        Cluster(TestProject project, String url, TestReceiver receiver) {
            this(project, url, receiver, ENGINES);
        }

        Cluster(TestProject project, String url, TestReceiver receiver, int size) {
            this.project = project;
            this.url = url;
            this.size = size;
            this.engines = new Engine[size];
            assertThat(SocketOwners.available()).as("this test reads /proc/net/tcp (Linux)").isTrue();
            receiver.originOf(peerPort -> {
                List<Long> pids = all.stream().map(DuctusProcess::pid).toList();
                OptionalLong pid = SocketOwners.owner(peerPort, receiver.port(), pids);
                return pid.isPresent() ? Long.toString(pid.getAsLong()) : null;
            });
            poller = Thread.ofPlatform().daemon(true).name("claims-poller").start(this::poll);
        }

        void startAll(boolean atOnce) throws Exception {
            if (!atOnce) {
                for (int slot = 0; slot < size; slot++) engines[slot] = start(slot);
                return;
            }
            List<Thread> threads = new ArrayList<>();
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            for (int slot = 0; slot < size; slot++) {
                int s = slot;
                threads.add(Thread.ofPlatform().start(() -> {
                    try {
                        engines[s] = start(s);
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread t : threads) t.join();
            if (!failures.isEmpty()) throw new AssertionError("an engine did not start", failures.get(0));
        }

        private Engine start(int slot) throws Exception {
            Path data = project.folder().getParent().resolve("data-" + slot);
            // The start's steps in its log (stderr), each with its time: a start that fails says how far it came.
            DuctusProcess ductus = DuctusProcess.start(Map.of("DUCTUS_STARTUP_STEPS", "1"), project.folder().getParent().resolve("engine-" + slot),
                    Database.serveArgs(project.folder(), data, url).toArray(String[]::new));
            all.add(ductus);
            long t0 = System.nanoTime();
            ductus.awaitStarted();
            System.out.printf("EnginesCrashIT engine %d (pid %d) started in %d ms, %d ms of its CPU; load %s%n", slot, ductus.pid(),
                    (System.nanoTime() - t0) / 1_000_000, ductus.cpuMillis(), Files.readString(Path.of("/proc/loadavg")).strip());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (true) {
                Matcher m = LISTENING.matcher(ductus.stderr());
                if (m.find()) return new Engine(slot, ductus, Integer.parseInt(m.group(1)));
                if (System.nanoTime() > deadline || !ductus.alive()) {
                    throw new AssertionError("engine " + slot + ": the e2e source (the project's only MLLP source) did not open; " + ductus.diagnosis());
                }
                Thread.sleep(50);
            }
        }

        private final List<Thread> restarts = new CopyOnWriteArrayList<>();
        private final List<Throwable> restartFailures = new CopyOnWriteArrayList<>();
        private final java.util.Set<Integer> restarting = java.util.concurrent.ConcurrentHashMap.newKeySet();

        /** A slot whose engine died (killed, or it stopped itself after losing its claims) gets a new one; waits for all. */
        void restartDead() throws Exception {
            restartDeadInBackground();
            for (Thread t : restarts) t.join();
            if (!restartFailures.isEmpty()) throw new AssertionError("an engine did not start again", restartFailures.get(0));
        }

        /** The same, each start on a thread of its own (its slot stays empty until it listens). */
        void restartDeadInBackground() {
            if (!restartFailures.isEmpty()) throw new AssertionError("an engine did not start again", restartFailures.get(0));
            for (int slot = 0; slot < size; slot++) {
                Engine e = engines[slot];
                if ((e == null || !e.process.alive()) && restarting.add(slot)) {
                    int s = slot;
                    engines[s] = null;
                    restarts.add(Thread.ofPlatform().daemon(true).name("restart-" + s).start(() -> {
                        try {
                            engines[s] = start(s);
                        } catch (Throwable failure) {
                            restartFailures.add(failure);
                        } finally {
                            restarting.remove(s);
                        }
                    }));
                }
            }
        }

        /** Round robin over the listeners of the engines that are up (a frozen one is skipped; port 1 refuses). */
        IntSupplier ports() {
            return () -> {
                List<Engine> up = new ArrayList<>();
                for (Engine e : engines) if (e != null && !e.frozen && e.process.alive()) up.add(e);
                return up.isEmpty() ? 1 : up.get(Math.floorMod(next.getAndIncrement(), up.size())).port;
            };
        }

        /** Waits until at least {@code n} engines of the cluster are live and listening (not frozen). */
        void awaitLive(int n, Duration limit) throws Exception {
            long deadline = System.nanoTime() + limit.toNanos();
            while (true) {
                int live = 0;
                for (Engine e : engines) if (e != null && e.process.alive() && !e.frozen) live++;
                if (live >= n) return;
                if (!restartFailures.isEmpty()) throw new AssertionError("an engine did not start again", restartFailures.get(0));
                if (System.nanoTime() > deadline) throw new AssertionError("fewer than " + n + " engines live after " + limit);
                Thread.sleep(50);
            }
        }

        List<Long> livePids() {
            List<Long> pids = new ArrayList<>();
            for (Engine e : engines) if (e != null && e.process.alive()) pids.add(e.pid());
            return pids;
        }

        /** The engine delivering the interface now (waits for a claim by a live engine of this cluster). */
        Engine owner(String interfaceName, Duration limit) throws Exception {
            long deadline = System.nanoTime() + limit.toNanos();
            while (true) {
                Claim c = current.get(interfaceName);
                if (c != null) {
                    for (Engine e : engines) if (e != null && e.pid() == c.pid() && e.process.alive() && !e.frozen) return e;
                }
                if (System.nanoTime() > deadline) throw new AssertionError("no live engine claimed " + interfaceName + " within " + limit
                        + "; claims seen: " + observed);
                Thread.sleep(20);
            }
        }

        /** Waits until another engine than {@code from} claimed the interface; returns when it was seen (nanoTime). */
        long awaitTakeover(String interfaceName, Engine from, Duration limit) throws Exception {
            long deadline = System.nanoTime() + limit.toNanos();
            while (true) {
                Claim c = current.get(interfaceName);
                if (c != null && c.pid() != from.pid()) return System.nanoTime();
                if (System.nanoTime() > deadline) throw new AssertionError("nobody took " + interfaceName + " from pid " + from.pid()
                        + " within " + limit + "; claims seen: " + observed);
                Thread.sleep(10);
            }
        }

        long currentOwnerPid(String interfaceName) {
            Claim c = current.get(interfaceName);
            return c == null ? -1 : c.pid();
        }

        Map<String, Long> currentOwners() {
            Map<String, Long> owners = new LinkedHashMap<>();
            current.forEach((k, v) -> owners.put(k, v.pid()));
            return owners;
        }

        private void poll() {
            while (!closing) {
                try (Connection c = Database.POSTGRES.connect(url); Statement s = c.createStatement()) {
                    while (!closing) {
                        try (ResultSet r = s.executeQuery("SELECT o.interface, o.epoch, e.pid FROM interface_owners o"
                                + " LEFT JOIN engines e ON e.id = o.engine_id")) {
                            while (r.next()) {
                                Claim claim = new Claim(r.getString(1), r.getLong(2), r.getLong(3));
                                Claim before = current.put(claim.interfaceName(), claim);
                                if (before == null || before.epoch() != claim.epoch()) observed.add(claim);
                            }
                        }
                        Thread.sleep(20);
                    }
                } catch (SQLException e) {
                    // not migrated yet, or the database restarts: try again
                    sleepQuietly();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        private static void sleepQuietly() {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * The interface's claims in epoch order: the store's history ({@code interface_claims}) when it keeps one,
         * else what the polling saw.
         */
        List<Claim> claims(String interfaceName) throws SQLException {
            try (Connection c = Database.POSTGRES.connect(url); Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT h.interface, h.epoch, e.pid FROM interface_claims h LEFT JOIN engines e"
                         + " ON e.id = h.engine_id WHERE h.interface = '" + interfaceName + "' ORDER BY h.epoch")) {
                List<Claim> history = new ArrayList<>();
                while (r.next()) history.add(new Claim(r.getString(1), r.getLong(2), r.getLong(3)));
                return history;
            } catch (SQLException e) {
                if (!"42P01".equals(e.getSQLState())) throw e; // no such table: use what the polling saw
                return observed.stream().filter(cl -> cl.interfaceName().equals(interfaceName)).toList();
            }
        }

        /**
         * Every arrival was sent by a known engine process, and the arrivals' stretches of one process are, in
         * order, a subsequence of the interface's claims: an engine delivers again after another one did only
         * when it claimed the interface again.
         */
        void assertOneEngineAtATime(String interfaceName, List<TestReceiver.Arrival> arrivals) throws SQLException {
            assertThat(arrivals.stream().filter(a -> a.origin() == null).map(TestReceiver.Arrival::controlId).toList())
                    .as("arrivals whose sending process could not be found").isEmpty();
            List<Long> stretches = new ArrayList<>();
            Map<Long, Integer> perProcess = new HashMap<>();
            for (TestReceiver.Arrival a : arrivals) {
                long pid = Long.parseLong(a.origin());
                perProcess.merge(pid, 1, Integer::sum);
                if (stretches.isEmpty() || stretches.get(stretches.size() - 1) != pid) stretches.add(pid);
            }
            List<Long> claimers = new ArrayList<>();
            for (Claim c : claims(interfaceName)) {
                if (claimers.isEmpty() || claimers.get(claimers.size() - 1) != c.pid()) claimers.add(c.pid());
            }
            int i = 0;
            for (long pid : claimers) if (i < stretches.size() && stretches.get(i) == pid) i++;
            assertThat(i).as("the delivering processes in arrival order %s (arrivals per process %s) must follow the claims of %s in"
                    + " order %s: the stretch at %d has no claim of its own", stretches, perProcess, interfaceName, claimers, i)
                    .isEqualTo(stretches.size());
        }

        @Override
        public void close() throws InterruptedException {
            closing = true;
            poller.interrupt();
            for (DuctusProcess p : all) {
                if (!p.alive()) continue;
                try {
                    new ProcessBuilder("kill", "-CONT", Long.toString(p.pid())).start().waitFor(5, TimeUnit.SECONDS);
                } catch (IOException e) {
                    // it ends below anyway
                }
                p.close();
            }
        }
    }
}
