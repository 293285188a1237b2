package io.ductus.engine.api;

import io.ductus.core.health.Cause;
import io.ductus.core.health.DestinationHealth;
import io.ductus.core.health.Health;
import io.ductus.core.health.Trend;
import io.ductus.engine.health.HealthSnapshot.DestinationView;
import io.ductus.engine.health.HealthSnapshot.InterfaceHealth;
import io.ductus.engine.runtime.InterfaceManager.ConnectorState;
import io.ductus.engine.runtime.InterfaceManager.InterfaceState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Interfaces and destinations as the API shows them: state, connectors, queue counts and health as judged. */
final class InterfaceJson {

    private InterfaceJson() {
    }

    static Map<String, Object> of(InterfaceHealth i) {
        InterfaceState state = i.state();
        List<Map<String, Object>> destinations = new ArrayList<>();
        for (DestinationView d : i.destinations()) destinations.add(destination(state, d));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", state.name());
        m.put("state", state.state());
        m.put("reason", state.reason());
        m.put("owner", i.owner());
        m.put("revision", state.revision());
        m.put("source", connector(state.source()));
        m.put("health", json(i.health()));
        m.put("ownHealth", json(i.own()));
        m.put("destinations", destinations);
        m.put("problems", state.problems());
        m.put("lastReceivedAt", instant(i.lastReceived() == null ? -1 : i.lastReceived()));
        m.put("deliveredBy", i.deliveredBy());
        return m;
    }

    /** One destination of {@code state} with its counts and health. */
    static Map<String, Object> destination(InterfaceState state, DestinationView d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", state.name());
        m.put("name", d.name());
        m.put("paused", d.state().paused());
        m.put("connector", connector(d.state().connector()));
        m.put("pending", d.counts().pending());
        m.put("quarantined", d.counts().quarantined());
        m.put("health", json(d.health()));
        m.put("lastFinishedAt", instant(d.lastFinished() == null ? -1 : d.lastFinished()));
        return m;
    }

    /** Unix ms as an ISO instant; null for -1 (never). */
    private static String instant(long millis) {
        return millis < 0 ? null : java.time.Instant.ofEpochMilli(millis).toString();
    }

    private static Map<String, Object> connector(ConnectorState c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", c.type());
        m.put("status", c.status() == null ? "closed" : c.status().name().toLowerCase(Locale.ROOT));
        m.put("detail", c.detail());
        return m;
    }

    static Map<String, Object> json(Health h) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", h.state().label());
        m.put("reason", h.reason());
        return m;
    }

    /** A destination's health with its backlog, trend and causes. */
    static Map<String, Object> json(DestinationHealth h) {
        Map<String, Object> m = json(h.health());
        m.put("oldestWaitingSeconds", h.oldestWaiting() == null ? null : h.oldestWaiting().toSeconds());
        Trend t = h.trend();
        if (t == null) {
            m.put("trend", null);
        } else {
            Map<String, Object> trend = new LinkedHashMap<>();
            trend.put("direction", t.catchingUp() ? "catching_up" : "falling_behind");
            trend.put("inPerMinute", round(t.inPerMinute()));
            trend.put("outPerMinute", round(t.outPerMinute()));
            trend.put("etaSeconds", t.eta() == null ? null : t.eta().toSeconds());
            m.put("trend", trend);
        }
        List<Map<String, Object>> causes = new ArrayList<>();
        for (Cause c : h.causes()) {
            Map<String, Object> cause = new LinkedHashMap<>();
            cause.put("kind", c.kind().label());
            cause.put("detail", c.detail());
            cause.put("lane", c.lane() < 0 ? null : c.lane());
            cause.put("key", c.key());
            causes.add(cause);
        }
        m.put("causes", causes);
        return m;
    }

    private static double round(double v) {
        return Math.round(v * 10) / 10.0;
    }
}
