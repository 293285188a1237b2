package io.ductus.engine.alerts;

import io.ductus.core.alert.AlertState;
import io.ductus.core.alert.Observation;
import io.ductus.core.health.Health;
import io.ductus.engine.health.HealthSnapshot;
import io.ductus.store.alert.AlertRecord;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the judging round sees of interfaces and destinations: an interface is alerted on by its own health
 * (it runs, its source, its expectations); each destination by its own. A destination of a stopped
 * interface, and a paused one, holds (nothing changes: the interface's own alert tells of a stop, and a
 * pause is an operator's choice). States that need watching (stalled, behind, silent) hold too until the
 * engine has watched for {@link #WATCH_FIRST}; stopped and error do not wait.
 *
 * <p>Engines sharing a database (docs/engines.md) all write the same alert rows, so each target has one voice. A
 * destination is judged by the engine that delivers it (or by all alike, from the shared facts, while no live
 * engine does); the others hold it. An interface's expectations are judged by the engine that delivers it (else
 * the longest-running live engine); trouble of one engine's own (its source, its intake, its run of the
 * interface) is told by that engine, named in the reason, and the others leave the alert to it while it lives:
 * the engine whose trouble it was says when it ended. Holding, not leaving a target out: a stored alert whose
 * target is not observed at all is settled as good.
 */
final class HealthObservations {

    static final Duration WATCH_FIRST = Duration.ofMinutes(1);
    private static final Set<Health.State> NEED_WATCHING = Set.of(Health.State.STALLED, Health.State.BEHIND, Health.State.SILENT);
    /** Of an interface's own states, those that are one engine's own trouble rather than shared facts. */
    private static final Set<Health.State> ENGINES_OWN = Set.of(Health.State.STOPPED, Health.State.STALLED, Health.State.ERROR);

    private HealthObservations() {
    }

    static List<Observation> of(HealthSnapshot snapshot, Duration watched) {
        boolean young = watched.compareTo(WATCH_FIRST) < 0;
        List<Observation> all = new ArrayList<>();
        for (HealthSnapshot.InterfaceHealth i : snapshot.interfaces()) {
            all.add(observe(i.name(), Observation.Kind.INTERFACE, i.name(), i.own(), i.owner(), young && NEED_WATCHING.contains(i.own().state())));
            for (HealthSnapshot.DestinationView d : i.destinations()) {
                Health h = d.health().health();
                boolean hold = h.state() == Health.State.PAUSED || h.state() == Health.State.STOPPED
                        || young && NEED_WATCHING.contains(h.state())
                        || snapshot.shared() && !i.deliveredHere() && i.deliveredBy() != null; // another live engine delivers it
                all.add(observe(i.name() + "/" + d.name(), Observation.Kind.DESTINATION, i.name(), h, i.owner(), hold));
            }
        }
        return all;
    }

    /**
     * Who speaks for each interface target while engines share the database, decided against the stored alert:
     * identity with one engine.
     */
    static AlertRound.Voice voice(HealthSnapshot snapshot) {
        if (!snapshot.shared()) return AlertRound.Voice.AS_OBSERVED;
        Map<String, HealthSnapshot.InterfaceHealth> byName = new HashMap<>();
        snapshot.interfaces().forEach(i -> byName.put(i.name(), i));
        String self = snapshot.engine();
        return (o, stored) -> {
            HealthSnapshot.InterfaceHealth i = o.kind() == Observation.Kind.INTERFACE ? byName.get(o.target()) : null;
            if (i == null || o.hold()) return o;
            if (ENGINES_OWN.contains(i.own().state())) return o; // this engine's own trouble, named as this engine's
            String named = stored == null || stored.status().equals(AlertState.Status.OK.label()) ? null : engineNamed(stored);
            if (named != null && !named.equals(self) && snapshot.live().contains(named)) return held(o); // that engine's to end
            if (i.judgedHere()) return o;
            if (self.equals(named)) return new Observation(o.target(), o.kind(), o.interfaceName(), Observation.OK, null, o.owner(), false);
            return held(o);
        };
    }

    /** The engine a stored alert's reason names as the one whose own trouble it is, or null. */
    static String engineNamed(AlertRecord stored) {
        String reason = stored.reason();
        String prefix = HealthSnapshot.ON_ENGINE;
        if (reason == null || !reason.startsWith(prefix)) return null;
        int end = reason.indexOf(": ", prefix.length());
        return end < 0 ? null : reason.substring(prefix.length(), end);
    }

    private static Observation held(Observation o) {
        return new Observation(o.target(), o.kind(), o.interfaceName(), o.state(), o.reason(), o.owner(), true);
    }

    private static Observation observe(String target, Observation.Kind kind, String interfaceName, Health h, String owner, boolean hold) {
        return new Observation(target, kind, interfaceName, h.state().label(), h.reason(), owner, hold);
    }
}
