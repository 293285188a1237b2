package io.ductus.engine.alerts;

import io.ductus.core.alert.AlertChange;
import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.AlertState;
import io.ductus.core.alert.AlertStep;
import io.ductus.core.alert.Notice;
import io.ductus.core.alert.NoticeTiming;
import io.ductus.core.alert.Observation;
import io.ductus.core.alert.Policy;
import io.ductus.core.alert.Severity;
import io.ductus.engine.monitor.EventHub;
import io.ductus.store.alert.AlertChangeSet;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.AlertStore;
import io.ductus.store.alert.NewEvent;
import io.ductus.store.alert.NewNotice;
import io.ductus.store.alert.SilenceRecord;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One judging round of the alerts: every observation is stepped through the core's state machine
 * ({@link AlertStep}) from its stored alert, and each change is written with its history and notices in one
 * transaction, conditional on the row it was decided from ({@link AlertStore#change}). A change another engine
 * wrote first is left to it; the next round decides again from what is stored. Nothing is written for a
 * round in which nothing changed.
 */
final class AlertRound {

    private static final Logger LOG = LoggerFactory.getLogger(AlertRound.class);

    /** What a round did. */
    record Result(int observed, int changed, int notices, int lost) {
    }

    private final AlertStore store;
    private final AlertSettings settings;
    private final ZoneId zone;
    private final EventHub events;

    AlertRound(AlertStore store, AlertSettings settings, ZoneId zone, EventHub events) {
        this.store = store;
        this.settings = settings;
        this.zone = zone;
        this.events = events;
    }

    /**
     * Who speaks for a target, decided against its stored alert (null for none): the observation as it is, or held
     * (engines sharing a database leave one engine's own trouble to it, {@link HealthObservations#voice}).
     */
    interface Voice {
        Voice AS_OBSERVED = (o, stored) -> o;

        Observation of(Observation o, AlertRecord stored);
    }

    Result run(List<Observation> observations, Instant now) {
        return run(observations, now, Voice.AS_OBSERVED);
    }

    Result run(List<Observation> observations, Instant now, Voice voice) {
        Map<String, AlertRecord> stored = new HashMap<>();
        for (AlertRecord r : store.alerts()) stored.put(r.target(), r);
        List<SilenceRecord> silences = store.silences(now.toEpochMilli());
        Set<String> seen = new HashSet<>();
        int changed = 0;
        int notices = 0;
        int lost = 0;
        List<Observation> all = new ArrayList<>(observations);
        Set<String> observed = new HashSet<>(observations.size() * 2);
        for (Observation o : observations) observed.add(o.target());
        for (AlertRecord r : stored.values()) {
            // A target no longer observed (an interface taken out of the project) is good: it settles and recovers.
            if (!r.status().equals(AlertState.Status.OK.label()) && !observed.contains(r.target())) {
                all.add(new Observation(r.target(), AlertRecords.kind(r), r.interfaceName(), Observation.OK, null, null, false));
            }
        }
        for (Observation seenNow : all) {
            if (!seen.add(seenNow.target())) continue;
            AlertRecord from = stored.get(seenNow.target());
            Observation o = voice.of(seenNow, from);
            AlertState state = from == null ? AlertState.ok(o.target()) : AlertRecords.state(from);
            Optional<Policy> policy = settings.policyFor(o);
            AlertStep.Step step = AlertStep.step(state, o, policy, settings.settle(), silenced(silences, o, now), now);
            if (!step.changed(state) || from == null && step.next().status() == AlertState.Status.OK) continue;
            Optional<AlertRecord> written = write(step, o, from, now);
            if (written.isEmpty()) {
                lost++;
                LOG.debug("alert {}: changed by another engine since this round read it; decided again next round", o.target());
                continue;
            }
            changed++;
            notices += step.notices().stream().mapToInt(n -> n.channels().size()).sum();
            for (AlertChange c : step.changes()) {
                LOG.info("alert {} {}: {}", o.target(), c.what(), c.detail());
            }
            events.alertChanged(written.get().id(), o.target(), written.get().status(), written.get().state(), written.get().severity());
        }
        return new Result(all.size(), changed, notices, lost);
    }

    private Optional<AlertRecord> write(AlertStep.Step step, Observation o, AlertRecord from, Instant now) {
        List<NewEvent> history = step.changes().stream().map(c -> new NewEvent(c.what(), c.detail(), null)).toList();
        List<NewNotice> notices = new ArrayList<>();
        for (Notice n : step.notices()) {
            for (String channel : n.channels()) {
                notices.add(new NewNotice(channel, n.kind().label(), n.severity().label(), n.state(), n.reason()));
            }
        }
        AlertRecord next = AlertRecords.record(step.next(), o.kind(), o.interfaceName(), from);
        return store.change(new AlertChangeSet(next, history, notices, due(now), null), now.toEpochMilli());
    }

    /** When a notice is due: its group, and quiet hours for what they do not allow. */
    AlertChangeSet.Due due(Instant now) {
        return (notice, openGroup) -> NoticeTiming.due(now, Severity.fromLabel(notice.severity()).orElse(Severity.WARNING),
                settings.quietHours(), zone, settings.group(), openGroup.map(Instant::ofEpochMilli)).toEpochMilli();
    }

    /** A silence covers everything ({@code *}), one target, or an interface and its destinations. */
    static boolean silenced(List<SilenceRecord> silences, Observation o, Instant now) {
        long at = now.toEpochMilli();
        for (SilenceRecord s : silences) {
            if (!s.activeAt(at)) continue;
            if (s.target().equals("*") || s.target().equals(o.target())) return true;
            if (o.interfaceName() != null && s.target().equals(o.interfaceName())) return true;
        }
        return false;
    }
}
