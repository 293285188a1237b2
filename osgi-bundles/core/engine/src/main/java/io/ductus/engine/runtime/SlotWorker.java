package io.ductus.engine.runtime;

import io.ductus.core.delivery.DeliveryRules;
import io.ductus.core.delivery.DeliveryRules.Verdict;
import io.ductus.core.project.Retry;
import io.ductus.engine.monitor.DestinationMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.script.TransformResult;
import io.ductus.sdk.NoLongerOwnedException;
import io.ductus.sdk.Outcome;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.PendingDelivery;
import io.ductus.store.Store;
import io.ductus.store.StoreException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One (destination, slot) worker: owns a fixed set of lanes and delivers each lane's pending messages
 * strictly by id. A retry blocks its lane until the back-off ends (other lanes go on). Outcomes are
 * recorded in batches of at most {@value #FLUSH_EVERY}, and always before waiting, so a crash re-sends
 * at most one small batch. Holds nothing between passes that a crash could lose. Once outcomes are
 * recorded they are counted and published as events; transform and send times, and receipt to sent,
 * are measured as they happen. Each outcome carries the revision of the interface whose code the worker
 * runs. A live deploy asks the worker for a quiet pass ({@link #quiet()}): one that began after the ask
 * and found nothing it could deliver now.
 *
 * <p>What wakes a worker: a commit of its interface by this engine (intake, a route, an operator's action), a
 * queue notice from another engine on a shared database, a claim (a worker of an interface this engine does not
 * deliver waits for one, reading nothing; at start, the engine's first claim wakes only the workers whose queues
 * have deliveries pending: {@link InterfaceManager#claimedAtStart}). Its idle poll is only a safety net (for a
 * notice lost to a crash): the wait doubles from {@value #IDLE_POLL_MS} ms up to {@value #SAFETY_POLL_MS} ms
 * while its passes find nothing, and starts again at {@value #IDLE_POLL_MS} ms once it is woken or finds work.
 * The safety net's wait (and a not-delivering worker's) is drawn anew each time between {@value #SAFETY_POLL_MIN_MS}
 * and {@value #SAFETY_POLL_MS} ms, so that the workers of a thousand interfaces, started together, do not all read at
 * the same moment: they did, every 30 s, some 2,000 reads queued at once on a 20-connection pool, and a strict
 * intake waiting behind them for its connection gave up after the pool's 10 s (the engines bench).
 * A retry's back-off is waited exactly.
 */
final class SlotWorker implements Runnable {

    static final int FLUSH_EVERY = 50;
    private static final int READ_PER_LANE = 32;
    private static final long IDLE_POLL_MS = 1000;
    /** The longest idle wait: the safety net's poll. */
    static final long SAFETY_POLL_MS = 30_000;
    /** The shortest a safety net's wait is drawn: the workers' polls spread over the last third of the longest wait. */
    static final long SAFETY_POLL_MIN_MS = SAFETY_POLL_MS * 2 / 3;
    private static final long STORE_ERROR_PAUSE_MS = 1000;

    private static final Logger LOG = LoggerFactory.getLogger(SlotWorker.class);

    private final DestinationRef ref;
    private final Set<Integer> lanes;
    private final Handover handover;
    private final Store store;
    private final Clock clock;
    private final Retry retry;
    private final boolean saveOutput;
    private final BooleanSupplier paused;
    private final Optional<Transformer.Session> transform;
    private final DestinationMetrics metrics;
    private final EventHub events;
    private final Wakeup wakeup = new Wakeup();
    private final List<DeliveryOutcome> unrecorded = new ArrayList<>();
    private final Integer revision;
    private final Ownership.DeliveryGate gate;
    private final List<CompletableFuture<Void>> quietAsked = new ArrayList<>();
    private boolean lastPassQuiet;
    /**
     * The lanes the next pass reads: all of them, unless every lane was read to its end and delivered since (then only
     * the lanes rung since: a commit rings its lane after it). At least every {@link #IDLE_POLL_MS} ms every lane is read.
     */
    private Set<Integer> toRead;
    /** Whether the last pass read its lanes to their end and left nothing it could deliver now. */
    private boolean allDrained;
    private long lastFullRead = Long.MIN_VALUE / 2;
    /** The next idle wait: grows while passes find nothing, back to {@link #IDLE_POLL_MS} once woken or busy. */
    private long idleWait = IDLE_POLL_MS;
    /** The highest message id this worker may take (a live deploy's cut: newer ones are the next revision's). */
    private volatile long cut = Long.MAX_VALUE;
    private volatile boolean running = true;

    /** @param revision the revision of the interface whose code this worker runs, recorded with each outcome (null: none known) */
    SlotWorker(DestinationRef ref, Set<Integer> lanes, Handover handover, Store store, Clock clock, Retry retry,
               boolean saveOutput, BooleanSupplier paused, Optional<Transformer> transformer, DestinationMetrics metrics,
               EventHub events, Integer revision) {
        this(ref, lanes, handover, store, clock, retry, saveOutput, paused, transformer, metrics, events, revision, Ownership.DeliveryGate.OPEN);
    }

    /** @param gate whether this engine delivers the interface now, and may send (engines on one database) */
    SlotWorker(DestinationRef ref, Set<Integer> lanes, Handover handover, Store store, Clock clock, Retry retry,
               boolean saveOutput, BooleanSupplier paused, Optional<Transformer> transformer, DestinationMetrics metrics,
               EventHub events, Integer revision, Ownership.DeliveryGate gate) {
        this.gate = gate;
        this.ref = ref;
        this.revision = revision;
        this.lanes = Set.copyOf(lanes);
        this.toRead = this.lanes;
        this.handover = handover;
        this.store = store;
        this.clock = clock;
        this.retry = retry;
        this.saveOutput = saveOutput;
        this.paused = paused;
        this.transform = transformer.map(Transformer::session);
        this.metrics = metrics;
        this.events = events;
    }

    void wake() {
        wakeup.ring();
    }

    /** Something was committed in {@code lane}, one of this worker's. */
    void wake(int lane) {
        wakeup.ring(lane);
    }

    /** Asks the worker to finish the message in hand, record, and end. */
    void stop() {
        running = false;
        wakeup.ring();
    }

    /** From now on takes no message above {@code messageId}: those wait for the interface's next revision. */
    void cutAt(long messageId) {
        cut = messageId;
        wakeup.ring();
    }

    /**
     * Completes once a pass that began after this call delivered nothing (everything it could deliver now
     * is delivered and recorded; a lane waiting for a retry's back-off does not count), or at once while
     * paused, or when the worker ends.
     */
    CompletableFuture<Void> quiet() {
        CompletableFuture<Void> asked = new CompletableFuture<>();
        synchronized (quietAsked) {
            quietAsked.add(asked);
        }
        wakeup.ring();
        return asked;
    }

    @Override
    public void run() {
        try {
            while (running) {
                List<CompletableFuture<Void>> asked = takeQuietAsks();
                boolean notOwned = !gate.owns(); // not this engine's: its queue is not read
                boolean pausedNow = paused.getAsBoolean() || notOwned;
                // Not this engine's: only a claim makes it so, and every claim wakes the worker; the wait is the safety net's,
                // and one that ends unwoken leaves the worker as idle as the safety net (its read finding nothing waits as long).
                if (notOwned) idleWait = SAFETY_POLL_MS;
                if (pausedNow) allDrained = false; // what is committed meanwhile is read with every lane
                long waitMs = notOwned ? spread(SAFETY_POLL_MS) : pausedNow ? IDLE_POLL_MS : pass();
                if (pausedNow || lastPassQuiet) asked.forEach(f -> f.complete(null));
                else if (!asked.isEmpty()) returnQuietAsks(asked);
                if (waitMs > 0 && running) {
                    Set<Integer> rung = wakeup.await(waitMs); // null: rung for every lane; empty: not rung
                    if (rung == null || !rung.isEmpty()) idleWait = IDLE_POLL_MS;
                    // Only the lanes rung since the last pass have news when that pass left every lane drained.
                    toRead = allDrained && rung != null && !rung.isEmpty() && clock.millis() - lastFullRead < IDLE_POLL_MS
                            ? rung : lanes;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            flushQuietly();
            transform.ifPresent(Transformer.Session::close);
            takeQuietAsks().forEach(f -> f.complete(null));
        }
    }

    private List<CompletableFuture<Void>> takeQuietAsks() {
        synchronized (quietAsked) {
            if (quietAsked.isEmpty()) return List.of();
            List<CompletableFuture<Void>> taken = new ArrayList<>(quietAsked);
            quietAsked.clear();
            return taken;
        }
    }

    private void returnQuietAsks(List<CompletableFuture<Void>> asked) {
        synchronized (quietAsked) {
            quietAsked.addAll(0, asked);
        }
    }

    /** One pass over the lanes; returns how long to wait before the next (0: go on at once). */
    private long pass() throws InterruptedException {
        lastPassQuiet = false;
        allDrained = false;
        // What was delivered but not yet recorded must be recorded before reading again, or it is sent twice.
        if (!flush()) return STORE_ERROR_PAUSE_MS;
        Set<Integer> reading = toRead;
        toRead = lanes;
        if (reading == lanes) lastFullRead = clock.millis();
        List<PendingDelivery> pending;
        try {
            pending = store.pending(ref, reading, READ_PER_LANE);
        } catch (StoreException e) {
            LOG.warn("{}: reading pending deliveries failed, trying again: {}", ref, e.getMessage());
            return STORE_ERROR_PAUSE_MS;
        }
        Set<Integer> blocked = new HashSet<>();
        long now = clock.millis();
        long nextDue = Long.MAX_VALUE;
        int delivered = 0;
        boolean drained = drainedBy(pending); // every lane read whole: what comes later rings the doorbell
        for (PendingDelivery delivery : pending) {
            if (!running || paused.getAsBoolean() || !gate.owns()) {
                drained = false;
                break;
            }
            if (blocked.contains(delivery.lane())) continue;
            if (delivery.messageId() > cut) { // the lane's later messages are past the cut too (id order)
                blocked.add(delivery.lane());
                continue;
            }
            if (delivery.nextAttemptAt() != null && delivery.nextAttemptAt() > now) {
                blocked.add(delivery.lane());
                nextDue = Math.min(nextDue, delivery.nextAttemptAt());
                continue;
            }
            DeliveryOutcome attempt = deliver(delivery);
            if (attempt == null) { // the interface is no longer this engine's: not sent, nothing to record
                drained = false;
                break;
            }
            DeliveryOutcome outcome = attempt.withRevision(revision).withReceivedAt(delivery.receivedAt());
            delivered++;
            unrecorded.add(outcome);
            if (outcome.kind() == DeliveryOutcome.Kind.RETRY) {
                blocked.add(delivery.lane());
                nextDue = Math.min(nextDue, outcome.nextAttemptAt());
            }
            if (unrecorded.size() >= FLUSH_EVERY && !flush()) return STORE_ERROR_PAUSE_MS;
            now = clock.millis();
        }
        if (!flush()) return STORE_ERROR_PAUSE_MS;
        allDrained = drained && blocked.isEmpty();
        if (delivered > 0) {
            idleWait = IDLE_POLL_MS;
            // Every lane was read to its end and all of it delivered: reading again at once would only find what was
            // committed since the read, and each such commit rang the doorbell after it (a ring while awake counts), so
            // the worker waits for that ring instead (one read less per message; on PostgreSQL a transaction less).
            return drained && blocked.isEmpty() ? IDLE_POLL_MS : 0;
        }
        lastPassQuiet = running;
        long idle = idleWait;
        idleWait = Math.min(SAFETY_POLL_MS, idleWait * 2);
        if (nextDue != Long.MAX_VALUE) return Math.max(1, Math.min(spread(idle), nextDue - clock.millis()));
        return spread(idle);
    }

    /** The safety net's wait drawn between {@link #SAFETY_POLL_MIN_MS} and {@link #SAFETY_POLL_MS}; a shorter wait as it is. */
    static long spread(long waitMs) {
        if (waitMs < SAFETY_POLL_MS) return waitMs;
        return java.util.concurrent.ThreadLocalRandom.current().nextLong(SAFETY_POLL_MIN_MS, SAFETY_POLL_MS + 1);
    }

    /** Whether the read returned fewer than {@link #READ_PER_LANE} deliveries of every lane: nothing more waited at the read. */
    private static boolean drainedBy(List<PendingDelivery> pending) {
        if (pending.size() < READ_PER_LANE) return true;
        java.util.Map<Integer, Integer> perLane = new java.util.HashMap<>();
        for (PendingDelivery d : pending) {
            if (perLane.merge(d.lane(), 1, Integer::sum) >= READ_PER_LANE) return false;
        }
        return true;
    }

    /**
     * Gathers the facts of one attempt (the transform's verdict, the destination's answer); the core's rules decide.
     * Null when the fence refused the send, before it or at the connector's write (the interface is another engine's
     * now): nothing was sent, and nothing is recorded.
     */
    private DeliveryOutcome deliver(PendingDelivery delivery) throws InterruptedException {
        DeliveryRules rules = new DeliveryRules(delivery.messageId(), ref, delivery.attempts() + 1, retry, saveOutput);
        byte[] output = delivery.payload(); // without transform.js: passed through, byte for byte
        String outputCharset = delivery.charset();
        if (transform.isPresent()) {
            long started = System.nanoTime();
            TransformResult result = transform.get().apply(delivery);
            metrics.transformTook(System.nanoTime() - started);
            Optional<DeliveryOutcome> decided = switch (result) {
                case TransformResult.Output o -> {
                    output = o.payload();
                    outputCharset = o.charset().name();
                    yield rules.afterTransform(Verdict.OUTPUT, "", now());
                }
                case TransformResult.Filtered f -> rules.afterTransform(Verdict.FILTERED, f.reason(), now());
                case TransformResult.Quarantined q -> rules.afterTransform(Verdict.QUARANTINED, q.reason(), now());
                case TransformResult.Runaway r -> rules.afterTransform(Verdict.RUNAWAY, r.reason(), now());
                case TransformResult.Transient t -> rules.afterTransform(Verdict.TRANSIENT, t.reason(), now());
            };
            if (decided.isPresent()) return decided.get();
        }
        Outcome outcome;
        // The fence: here, a cheap early refusal; the connector checks it again right before its write.
        if (!gate.maySend()) return null;
        long started = System.nanoTime();
        try {
            outcome = handover.send(delivery, output, outputCharset, gate);
        } catch (InterruptedException e) {
            throw e;
        } catch (NoLongerOwnedException e) {
            LOG.debug("{}: message {} not sent: {}", ref, delivery.messageId(), e.getMessage());
            return null; // refused at the connector's write: nothing was sent, nothing to record
        } catch (RuntimeException | LinkageError e) {
            outcome = Outcome.retry("the destination failed unexpectedly: " + e);
        }
        metrics.sendTook(System.nanoTime() - started);
        if (outcome.kind() == Outcome.Kind.SENT) metrics.sentAfter(clock.millis() - delivery.receivedAt());
        return rules.afterSend(outcome, output, outputCharset, now());
    }

    private Instant now() {
        return Instant.ofEpochMilli(clock.millis());
    }

    /** Records what was delivered, then counts and publishes it; false (keeping the outcomes) when the store failed. */
    private boolean flush() {
        if (unrecorded.isEmpty()) return true;
        long now = clock.millis();
        try {
            handover.record(List.copyOf(unrecorded), now);
        } catch (StoreException e) {
            LOG.warn("{}: recording {} outcome(s) failed, trying again: {}", ref, unrecorded.size(), e.getMessage());
            return false;
        }
        for (DeliveryOutcome outcome : unrecorded) {
            metrics.recorded(outcome, now);
            events.delivery(outcome);
        }
        unrecorded.clear();
        return true;
    }

    private void flushQuietly() {
        if (!flush()) LOG.warn("{}: {} outcome(s) not recorded; they are delivered again after restart", ref, unrecorded.size());
    }
}
