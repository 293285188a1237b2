package io.ductus.engine.runtime;

import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.engine.monitor.DestinationMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.sdk.Destination;
import io.ductus.store.DestinationRef;
import io.ductus.store.Store;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One destination of a running interface: its connector and its slot workers. Lanes are dealt to slots
 * by {@code lane % slots}, so each lane has exactly one worker.
 */
final class DestinationRunner {

    private static final Logger LOG = LoggerFactory.getLogger(DestinationRunner.class);
    static final int MAX_SLOTS = 4;

    private final DestinationRef ref;
    private final Optional<Destination> connector;
    private final EngineConnectorContext context;
    private final List<SlotWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final boolean runsCode;
    private volatile boolean paused;

    /**
     * @param connector   the connector that sends, or empty for a route
     * @param handovers   makes each worker's handover: to the connector, or into the route's target
     * @param transformer the code it runs on each message, or empty when the payload passes unchanged
     */
    DestinationRunner(InterfaceDefinition owner, DestinationDefinition definition, Optional<Destination> connector,
                      Supplier<Handover> handovers, EngineConnectorContext context, Store store, Clock clock,
                      Optional<Transformer> transformer, DestinationMetrics metrics, EventHub events, Integer revision,
                      Ownership.DeliveryGate gate) {
        this.ref = new DestinationRef(owner.name(), definition.name());
        int lanes = owner.ordering().lanes();
        this.connector = connector;
        this.context = context;
        this.runsCode = transformer.isPresent();
        int slots = Math.min(lanes, MAX_SLOTS);
        for (int slot = 0; slot < slots; slot++) {
            Set<Integer> owned = new HashSet<>();
            for (int lane = slot; lane < lanes; lane += slots) owned.add(lane);
            workers.add(new SlotWorker(ref, owned, handovers.get(), store, clock, definition.retry(), definition.saveOutput(),
                    () -> paused, transformer, metrics, events, revision, gate));
        }
    }

    void start() throws Exception {
        if (connector.isPresent()) connector.get().start();
        for (int slot = 0; slot < workers.size(); slot++) {
            // Interface code is CPU work that may run for seconds: on a virtual thread it would hold one of
            // the few carrier threads the intake's virtual threads need, so such workers get their own.
            Thread.Builder builder = runsCode ? Thread.ofPlatform().daemon(true) : Thread.ofVirtual();
            threads.add(builder.name("worker-" + ref + "-" + slot).start(workers.get(slot)));
        }
    }

    /** Its workers take no message above {@code messageId} from now on. */
    void cutAt(long messageId) {
        workers.forEach(w -> w.cutAt(messageId));
    }

    /** Completes once every worker had a quiet pass ({@link SlotWorker#quiet()}). */
    CompletableFuture<Void> quiet() {
        return CompletableFuture.allOf(workers.stream().map(SlotWorker::quiet).toArray(CompletableFuture[]::new));
    }

    /** The intake committed a message in this lane: wake the worker that owns it. */
    void committed(int lane) {
        workers.get(lane % workers.size()).wake(lane);
    }

    void pause() {
        paused = true;
        LOG.info("{} paused", ref);
    }

    /** Every worker reads its lanes again now (an operator made waiting deliveries due). */
    void wakeAll() {
        workers.forEach(SlotWorker::wake);
    }

    void resume() {
        paused = false;
        workers.forEach(SlotWorker::wake);
        LOG.info("{} resumed", ref);
    }

    DestinationRef ref() {
        return ref;
    }

    EngineConnectorContext.Condition condition() {
        return context.condition();
    }

    /** Lets each worker finish the message in hand and record it, then releases the connector. */
    void stop(long waitMillis) throws InterruptedException {
        requestStop();
        awaitStopped(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis));
    }

    /** Tells the workers to end after the message in hand; returns at once. */
    void requestStop() {
        workers.forEach(SlotWorker::stop);
    }

    /** Waits until the workers ended (interrupting those still sending at the deadline), then releases the connector. */
    void awaitStopped(long deadline) throws InterruptedException {
        long waitMillis = Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
        for (Thread t : threads) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left > 0) t.join(left);
            if (t.isAlive()) {
                LOG.warn("{}: a worker is still sending after {} ms; interrupting it (its message is sent again after restart)", ref, waitMillis);
                t.interrupt();
                t.join(1000);
            }
        }
        if (connector.isPresent()) stopConnector(connector.get(), deadline);
        context.close();
    }

    private void stopConnector(Destination destination, long deadline) throws InterruptedException {
        try {
            destination.stop().toCompletableFuture().get(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())),
                    TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            LOG.warn("{}: connector did not stop cleanly: {}", ref, e.toString());
        }
    }
}
