package io.ductus.engine.alerts;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Channel;
import io.ductus.core.alert.Observation;
import io.ductus.core.health.Health;
import io.ductus.engine.alerts.channel.ChannelSender;
import io.ductus.engine.health.HealthMonitor;
import io.ductus.engine.health.HealthSnapshot;
import io.ductus.engine.monitor.EventHub;
import io.ductus.store.Store;
import io.ductus.store.StoreException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Health watching and alerts while the engine runs, whoever watches: one thread samples the rates and saves
 * the last moves every {@link HealthMonitor#TICK_MS}, and judges every interface and destination every
 * {@code alerts.check_every} (publishing health changes as events and stepping every alert); another sends
 * what the outbox holds. Both are platform threads, so their CPU time can be measured ({@link #stats}).
 */
public final class Alerts implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Alerts.class);
    static final long SEND_POLL_MS = 1_000;
    static final long PRUNE_EVERY_MS = 3_600_000;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final HealthMonitor monitor;
    private final Store store;
    private final AlertSettings settings;
    private final Clock clock;
    private final EventHub events;
    private final List<AlertSource> sources;
    private final AlertRound round;
    private final OutboxSender outbox;
    private final DatabaseLoss databaseLoss;
    private final AlertOperations operations;
    private final Instant started;
    private final Object wake = new Object();
    private final List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final ScheduledExecutorService judging = Executors.newSingleThreadScheduledExecutor(platform("ductus-health"));
    private final Thread sender;
    private final AtomicLong rounds = new AtomicLong();
    private final AtomicLong roundNanos = new AtomicLong();
    private final AtomicLong roundCpuNanos = new AtomicLong();
    private final AtomicLong lastRoundNanos = new AtomicLong();
    private volatile Map<String, Health> lastHealth = Map.of();
    private volatile boolean running = true;

    /**
     * The round's figures since start, for /metrics and the benchmark: rounds, their time and their CPU time,
     * and the CPU time of both threads in all they do (rounds, sampling, saving, sending).
     */
    public record Stats(long rounds, long nanos, long cpuNanos, long lastNanos, long threadsCpuNanos) {
    }

    public Alerts(HealthMonitor monitor, Store store, AlertSettings settings, ZoneId zone, Clock clock, EventHub events,
                  Map<Channel.Type, ChannelSender> senders, List<AlertSource> sources) {
        this.monitor = monitor;
        this.store = store;
        this.settings = settings;
        this.clock = clock;
        this.events = events;
        this.sources = List.copyOf(sources);
        this.round = new AlertRound(store.alerts(), settings, zone, events);
        this.outbox = new OutboxSender(store.alerts(), settings, senders, clock);
        this.databaseLoss = new DatabaseLoss(settings, senders);
        this.operations = new AlertOperations(store, settings, clock, this::wakeSender, monitor);
        this.started = clock.instant();
        this.sender = platform("ductus-alert-outbox").newThread(this::sendLoop);
    }

    private java.util.concurrent.ThreadFactory platform(String name) {
        return r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            threads.add(t);
            return t;
        };
    }

    public Alerts start() {
        try {
            int released = store.alerts().releaseLeftLeases();
            if (released > 0) LOG.info("alerts: {} notice(s) an earlier run was sending are sent again", released);
        } catch (StoreException e) {
            LOG.warn("alerts: leases of an earlier run could not be released ({}); they run out by themselves", e.getMessage());
        }
        judging.scheduleWithFixedDelay(guarded("sampling the rates", monitor::tick), HealthMonitor.TICK_MS, HealthMonitor.TICK_MS,
                TimeUnit.MILLISECONDS);
        long every = settings.checkEvery().toMillis();
        judging.scheduleWithFixedDelay(guarded("judging", this::judge), every, every, TimeUnit.MILLISECONDS);
        judging.scheduleWithFixedDelay(guarded("pruning alert history", this::prune), 60_000, PRUNE_EVERY_MS, TimeUnit.MILLISECONDS);
        sender.start();
        return this;
    }

    private Runnable guarded(String what, Runnable task) {
        return () -> {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.warn("health: {} failed: {}", what, e.toString());
            }
        };
    }

    /** One judging round: health of everything, its changes as events, every alert stepped and written. */
    void judge() {
        long startNanos = System.nanoTime();
        long startCpu = THREADS.getCurrentThreadCpuTime();
        Instant now = clock.instant();
        try {
            HealthSnapshot snapshot = monitor.snapshot();
            publishChanges(snapshot);
            List<Observation> observations = new ArrayList<>(HealthObservations.of(snapshot, Duration.between(started, now)));
            for (AlertSource source : sources) observations.addAll(source.observe(now));
            AlertRound.Result result = round.run(observations, now, HealthObservations.voice(snapshot));
            databaseLoss.reachable(now);
            if (result.notices() > 0) wakeSender();
        } catch (StoreException e) {
            databaseLoss.unreachable(now, e.getMessage());
        } finally {
            long took = System.nanoTime() - startNanos;
            rounds.incrementAndGet();
            roundNanos.addAndGet(took);
            lastRoundNanos.set(took);
            long cpu = THREADS.getCurrentThreadCpuTime();
            if (startCpu >= 0 && cpu >= 0) roundCpuNanos.addAndGet(cpu - startCpu);
        }
    }

    private void publishChanges(HealthSnapshot snapshot) {
        Map<String, Health> now = new LinkedHashMap<>(snapshot.byTarget());
        Map<String, Health> before = lastHealth;
        if (!before.isEmpty()) {
            now.forEach((target, health) -> {
                Health was = before.get(target);
                if (was != null && was.state() == health.state()) return;
                int slash = target.indexOf('/');
                events.healthChanged(slash < 0 ? target : target.substring(0, slash), slash < 0 ? null : target.substring(slash + 1),
                        health.state().label(), health.reason());
            });
        }
        lastHealth = now;
    }

    private void prune() {
        long before = clock.instant().minus(Duration.ofDays(settings.keepDays())).toEpochMilli();
        int n = store.alerts().prune(before, 5_000);
        if (n > 0) LOG.info("alerts: {} history line(s) and notification(s) older than {} days deleted", n, settings.keepDays());
    }

    private void sendLoop() {
        while (running) {
            try {
                int sent = outbox.pass();
                if (sent == 0) {
                    synchronized (wake) {
                        if (running) wake.wait(SEND_POLL_MS);
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                LOG.warn("alerts: sending failed: {}", e.toString());
            }
        }
    }

    void wakeSender() {
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    public AlertOperations operations() {
        return operations;
    }

    public AlertSettings settings() {
        return settings;
    }

    public Stats stats() {
        long cpu = 0;
        for (Thread t : threads) {
            long c = t.isAlive() ? THREADS.getThreadCpuTime(t.threadId()) : -1;
            if (c > 0) cpu += c;
        }
        return new Stats(rounds.get(), roundNanos.get(), roundCpuNanos.get(), lastRoundNanos.get(), cpu);
    }

    @Override
    public void close() {
        running = false;
        judging.shutdownNow();
        wakeSender();
        sender.interrupt();
        try {
            sender.join(5_000);
            judging.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        outbox.close();
        databaseLoss.close();
    }
}
