package io.ductus.engine.runtime;

import io.ductus.store.Changed;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationCounts;
import io.ductus.store.DestinationRef;
import io.ductus.store.DismissRequest;
import io.ductus.store.EditRequest;
import io.ductus.store.Edited;
import io.ductus.store.IntakeBatch;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.PendingDelivery;
import io.ductus.store.QuarantinePage;
import io.ductus.store.QuarantineQuery;
import io.ductus.store.Reconciled;
import io.ductus.store.Recorded;
import io.ductus.store.NewMessage;
import io.ductus.store.ResendRequest;
import io.ductus.store.RouteBatch;
import io.ductus.store.Routed;
import io.ductus.store.Store;
import io.ductus.store.Stored;
import io.ductus.store.account.AuditEntry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/** An in-memory queue of one destination's deliveries, for worker tests; records every flush. */
final class FakeQueueStore implements Store {

    private final Set<DestinationRef> paused = new java.util.HashSet<>();

    private record Row(long id, int lane, int attempts, Long nextAttemptAt, boolean pending) {
    }

    private final DestinationRef ref;
    private final TreeMap<Long, Row> rows = new TreeMap<>();
    final List<List<DeliveryOutcome>> flushes = new ArrayList<>();
    final List<String> events = new ArrayList<>();
    /** The lanes of each read, in order. */
    final List<Set<Integer>> lanesRead = new ArrayList<>();
    /** How many route flushes fail before they work. */
    int failRoutes;
    /** The messages routes stored, in order. */
    final List<NewMessage> routed = new ArrayList<>();

    FakeQueueStore(DestinationRef ref) {
        this.ref = ref;
    }

    synchronized void add(long id, int lane) {
        rows.put(id, new Row(id, lane, 0, null, true));
    }

    @Override
    public synchronized List<PendingDelivery> pending(DestinationRef destination, Set<Integer> lanes, int limitPerLane) {
        events.add("read");
        lanesRead.add(Set.copyOf(lanes));
        List<PendingDelivery> result = new ArrayList<>();
        for (int lane : lanes) {
            rows.values().stream().filter(r -> r.pending() && r.lane() == lane).limit(limitPerLane)
                    .forEach(r -> result.add(new PendingDelivery(r.id(), ref, r.lane(), r.attempts(), r.nextAttemptAt(), 0,
                            ("MSH|^~\\&|A|B|C|D|2026||ADT^A01|M" + r.id() + "|P|2.5\r").getBytes(StandardCharsets.UTF_8),
                            "UTF-8", null, null)));
        }
        result.sort(Comparator.comparingLong(PendingDelivery::messageId));
        return result;
    }

    @Override
    public synchronized Recorded record(List<DeliveryOutcome> outcomes, long now) {
        events.add("record " + outcomes.size());
        flushes.add(List.copyOf(outcomes));
        for (DeliveryOutcome o : outcomes) {
            Row r = rows.get(o.messageId());
            boolean stillPending = o.kind() == DeliveryOutcome.Kind.RETRY;
            rows.put(r.id(), new Row(r.id(), r.lane(), o.attempts(), o.nextAttemptAt(), stillPending));
        }
        return new Recorded(outcomes.size(), List.of());
    }

    /** Like {@link #record}, storing the routed message of each sent outcome whose delivery was still pending. */
    @Override
    public synchronized Routed route(RouteBatch batch, long now) {
        events.add("route " + batch.outcomes().size());
        if (failRoutes > 0) {
            failRoutes--;
            throw new io.ductus.store.StoreException("disk full");
        }
        flushes.add(batch.outcomes());
        List<Routed.RoutedMessage> stored = new ArrayList<>();
        for (DeliveryOutcome o : batch.outcomes()) {
            Row r = rows.get(o.messageId());
            if (!r.pending()) continue;
            rows.put(r.id(), new Row(r.id(), r.lane(), o.attempts(), o.nextAttemptAt(), o.kind() == DeliveryOutcome.Kind.RETRY));
            if (o.kind() != DeliveryOutcome.Kind.SENT) continue;
            routed.add(batch.messages().get(o.messageId()));
            stored.add(new Routed.RoutedMessage(o.messageId(), new Stored(1000 + routed.size(), null)));
        }
        return new Routed(new Recorded(batch.outcomes().size(), List.of()), stored);
    }

    synchronized List<DeliveryOutcome> allOutcomes() {
        return flushes.stream().flatMap(List::stream).toList();
    }

    synchronized boolean allDone() {
        return rows.values().stream().noneMatch(Row::pending);
    }

    @Override
    public List<Stored> store(IntakeBatch batch, long now) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Reconciled reconcile(long now) {
        return new Reconciled(0, 0);
    }

    @Override
    public MessagePage browse(MessageQuery query) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Optional<MessageDetail> message(long id) {
        return Optional.empty();
    }

    @Override
    public QuarantinePage quarantine(QuarantineQuery query) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Changed resend(ResendRequest request, long now, Function<? super Changed, AuditEntry> audit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Edited edit(EditRequest request, long now, Function<? super Edited, AuditEntry> audit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Changed dismiss(DismissRequest request, long now, Function<? super Changed, AuditEntry> audit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<DestinationCounts> destinationCounts() {
        return List.of();
    }

    @Override
    public List<io.ductus.store.LaneHead> laneHeads(DestinationRef destination, int lanes) {
        return List.of();
    }

    @Override
    public java.util.Map<DestinationRef, List<io.ductus.store.LaneHead>> laneHeads(java.util.Map<DestinationRef, Integer> lanes) {
        return java.util.Map.of();
    }

    @Override
    public List<io.ductus.store.LaneLoad> laneLoads(DestinationRef destination) {
        return List.of();
    }

    @Override
    public io.ductus.store.alert.AlertStore alerts() {
        throw new UnsupportedOperationException("workers never touch alerts");
    }

    @Override
    public synchronized Set<DestinationRef> pausedDestinations() {
        return Set.copyOf(paused);
    }

    @Override
    public synchronized boolean setPaused(DestinationRef destination, boolean pause, long now, AuditEntry audit) {
        return pause ? paused.add(destination) : paused.remove(destination);
    }

    @Override
    public int retryNow(DestinationRef destination, long now, AuditEntry audit) {
        throw new UnsupportedOperationException("retryNow");
    }

    @Override
    public Optional<String> sourceState(String interfaceName, String key) {
        return Optional.empty();
    }

    @Override
    public io.ductus.store.account.AccountStore accounts() {
        throw new UnsupportedOperationException("the queue tests have no accounts");
    }

    @Override
    public io.ductus.store.revision.RevisionStore revisions() {
        throw new UnsupportedOperationException("the queue tests have no revisions");
    }

    @Override
    public io.ductus.store.replay.ReplayStore replays() {
        throw new UnsupportedOperationException("the queue tests have no replays");
    }

    @Override
    public io.ductus.store.retention.RetentionStore retention() {
        throw new UnsupportedOperationException("the queue tests have no retention");
    }

    @Override
    public long lastMessageId() {
        throw new UnsupportedOperationException();
    }

    @Override
    public long pendingInLanes(String interfaceName, int fromLane) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int filterPending(String interfaceName, String reason, long now, io.ductus.store.account.AuditEntry audit) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void ping() {
    }

    @Override
    public String describe() {
        return "fake";
    }
}
