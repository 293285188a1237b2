package io.ductus.engine.alerts;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.AlertState;
import io.ductus.core.alert.AlertStep;
import io.ductus.core.alert.Channel;
import io.ductus.engine.health.HealthMonitor;
import io.ductus.store.Store;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.alert.AlertChangeSet;
import io.ductus.store.alert.AlertEventRecord;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.NewEvent;
import io.ductus.store.alert.NotificationRecord;
import io.ductus.store.alert.SilenceRecord;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What operators do with alerts (the API and CLI call these): read them and their history, acknowledge one,
 * silence a target for a while, send a channel a test notification. Each change is written with its audit
 * row in one transaction.
 */
public final class AlertOperations {

    /** How long a test waits for its notification to be sent before answering that it is still waiting. */
    static final Duration TEST_WAIT = Duration.ofSeconds(15);

    /** Why an operation did nothing, in words for the caller. */
    public static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final boolean notFound;

        Refused(String message, boolean notFound) {
            super(message);
            this.notFound = notFound;
        }

        public boolean notFound() {
            return notFound;
        }
    }

    private final Store store;
    private final AlertSettings settings;
    private final Clock clock;
    private final Runnable wakeSender;
    private final HealthMonitor monitor;

    AlertOperations(Store store, AlertSettings settings, Clock clock, Runnable wakeSender, HealthMonitor monitor) {
        this.store = store;
        this.settings = settings;
        this.clock = clock;
        this.wakeSender = wakeSender;
        this.monitor = monitor;
    }

    /** Alerts that are not ok: holding, firing or recovering. */
    public List<AlertRecord> open() {
        return store.alerts().alerts().stream().filter(a -> !a.status().equals(AlertState.Status.OK.label())).toList();
    }

    public Optional<AlertRecord> alert(long id) {
        return store.alerts().alert(id);
    }

    public List<AlertEventRecord> history(Long alertId, Long beforeId, int limit) {
        return store.alerts().history(alertId, beforeId, limit);
    }

    public List<NotificationRecord> notifications(String status, Long beforeId, int limit) {
        return store.alerts().notifications(status, beforeId, limit);
    }

    public List<SilenceRecord> silences() {
        return store.alerts().silences(clock.millis());
    }

    public AlertSettings settings() {
        return settings;
    }

    /**
     * Acknowledges a firing (or recovering) alert: no more reminders or escalation by time in this episode.
     * Decided from the stored row and written only while it still is that row (tried again once if the
     * judging round changed it in between).
     */
    public AlertRecord acknowledge(long id, String by, String comment, Function<AlertRecord, AuditEntry> audit) {
        for (int attempt = 0; attempt < 2; attempt++) {
            AlertRecord stored = alert(id).orElseThrow(() -> new Refused("there is no alert " + id + "; GET /api/v1/alerts lists them", true));
            Instant now = clock.instant();
            AlertState state = AlertRecords.state(stored);
            Optional<AlertStep.Step> step = AlertStep.acknowledge(state, by, comment, now);
            if (step.isEmpty()) {
                throw new Refused(state.acknowledged() ? "alert " + id + " was acknowledged by " + state.acknowledgedBy()
                        : "alert " + id + " is " + stored.status() + ": only a firing alert can be acknowledged", false);
            }
            AlertRecord next = AlertRecords.record(step.get().next(), AlertRecords.kind(stored), stored.interfaceName(), stored);
            List<NewEvent> events = step.get().changes().stream().map(c -> new NewEvent(c.what(), c.detail(), by)).toList();
            Optional<AlertRecord> written = store.alerts().change(new AlertChangeSet(next, events, List.of(), (n, g) -> now.toEpochMilli(),
                    audit.apply(stored)), now.toEpochMilli());
            if (written.isPresent()) return written.get();
        }
        throw new Refused("alert " + id + " keeps changing; try again", false);
    }

    /**
     * Silences a target until {@code endsAt}: {@code *}, {@code engine}, an interface (and its destinations)
     * or {@code interface/destination}, which must exist.
     */
    public SilenceRecord silence(String target, Instant endsAt, String reason, String by, AuditEntry audit) {
        return silence(target, now -> endsAt, reason, by, audit);
    }

    /** {@link #silence(String, Instant, String, String, AuditEntry)} for a while from now. */
    public SilenceRecord silenceFor(String target, Duration howLong, String reason, String by, AuditEntry audit) {
        return silence(target, now -> now.plus(howLong), reason, by, audit);
    }

    private SilenceRecord silence(String target, java.util.function.UnaryOperator<Instant> until, String reason, String by,
                                  AuditEntry audit) {
        Instant now = clock.instant();
        Instant endsAt = until.apply(now);
        if (!endsAt.isAfter(now)) throw new Refused("a silence must end in the future", false);
        if (reason == null || reason.isBlank()) throw new Refused("a silence needs a reason: say why nobody should be told", false);
        if (!known(target)) {
            throw new Refused("there is no target '" + target + "': give *, engine, an interface or interface/destination", true);
        }
        return store.alerts().addSilence(target, now.toEpochMilli(), endsAt.toEpochMilli(), reason.strip(), by, now.toEpochMilli(), audit);
    }

    private boolean known(String target) {
        if (target.equals("*") || target.equals(DatabaseLoss.TARGET) || target.startsWith("certificate:")) return true;
        return monitor.knows(target);
    }

    public boolean endSilence(long id, String by, AuditEntry audit) {
        return store.alerts().endSilence(id, by, clock.millis(), audit);
    }

    /**
     * Puts a test notification for a channel in the outbox and waits (up to {@link #TEST_WAIT}) for it to be
     * sent or to fail: the same path every notice takes, so a good answer means the channel works.
     */
    public NotificationRecord test(String channel, AuditEntry audit) throws InterruptedException {
        Optional<Channel> found = settings.channel(channel).filter(c -> !channel.startsWith(Channel.OWNER_PREFIX));
        if (found.isEmpty()) {
            throw new Refused("there is no channel '" + channel + "' in alerts.channels"
                    + (settings.channels().isEmpty() ? " (it has none)" : " (it has " + String.join(", ", settings.channels().keySet()) + ")"),
                    true);
        }
        NotificationRecord test = store.alerts().addTest(channel, clock.millis(), audit);
        wakeSender.run();
        long deadline = System.nanoTime() + TEST_WAIT.toNanos();
        NotificationRecord now = test;
        while (System.nanoTime() < deadline) {
            now = store.alerts().notification(test.id()).orElse(now);
            if (!now.status().equals("waiting") || now.attempts() > 0) return now;
            Thread.sleep(100);
        }
        return now;
    }
}
