package io.ductus.engine.alerts;

import io.ductus.core.alert.Observation;
import io.ductus.core.health.Health;
import io.ductus.engine.health.HealthSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the judging round sees of interfaces and destinations: an interface is alerted on by its own health
 * (it runs, its source, its expectations); each destination by its own. A destination of a stopped
 * interface, and a paused one, holds (nothing changes: the interface's own alert tells of a stop, and a
 * pause is an operator's choice). States that need watching (stalled, behind, silent) hold too until the
 * engine has watched for {@link #WATCH_FIRST}; stopped and error do not wait.
 */
final class HealthObservations {

    static final Duration WATCH_FIRST = Duration.ofMinutes(1);
    private static final Set<Health.State> NEED_WATCHING = Set.of(Health.State.STALLED, Health.State.BEHIND, Health.State.SILENT);

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
                        || young && NEED_WATCHING.contains(h.state());
                all.add(observe(i.name() + "/" + d.name(), Observation.Kind.DESTINATION, i.name(), h, i.owner(), hold));
            }
        }
        return all;
    }

    private static Observation observe(String target, Observation.Kind kind, String interfaceName, Health h, String owner, boolean hold) {
        return new Observation(target, kind, interfaceName, h.state().label(), h.reason(), owner, hold);
    }
}
