package io.ductus.launcher;

import io.ductus.client.model.Destination;
import io.ductus.client.model.DestinationHealth;
import io.ductus.client.model.HealthSummary;
import io.ductus.client.model.InterfaceInfo;
import io.ductus.client.model.InterfaceList;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ductus status} as text: whether the engine drains, a row per destination (interface, state,
 * paused, pending, quarantined, health), then each health that is not ok with its reason (a destination's
 * with its backlog's trend), and every problem of an interface that is not loaded.
 */
final class StatusTable {

    private static final TextTable TABLE = new TextTable(
            new String[] {"INTERFACE", "DESTINATION", "STATE", "PENDING", "QUARANTINED", "HEALTH"},
            new boolean[] {false, false, false, true, true, false});

    private StatusTable() {
    }

    /** @param interfaces the answer of GET /api/v1/interfaces */
    static String render(InterfaceList interfaces) {
        List<String[]> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (InterfaceInfo i : interfaces.interfaces()) {
            HealthSummary health = i.health() == null ? HealthSummary.UNKNOWN : i.health();
            if (!i.problems().isEmpty()) {
                StringBuilder all = new StringBuilder(i.name() + ": " + i.state() + ", " + i.problems().size() + " problem(s) in its files:");
                i.problems().forEach(p -> all.append("\n  ").append(p));
                problems.add(all.toString());
            } else if (!health.ok()) {
                problems.add(i.name() + ": " + health.state() + " — " + health.reason());
            }
            if (i.destinations().isEmpty()) rows.add(new String[] {i.name(), "-", i.state(), "", "", health.state()});
            for (Destination d : i.destinations()) {
                String state = d.paused() ? "paused" : i.state();
                String dh = d.health() == null ? HealthSummary.UNKNOWN.state() : d.health().state();
                rows.add(new String[] {i.name(), d.name(), state, String.valueOf(d.pending()), String.valueOf(d.quarantined()), dh});
                if (!dh.equals("ok") && !dh.equals(health.state()) || d.health() != null && d.health().trend() != null) {
                    problems.add(i.name() + "/" + d.name() + ": " + dh + " — " + (d.health().reason() == null ? "" : d.health().reason())
                            + trend(d.health().trend()));
                }
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(interfaces.draining() ? "draining: no source takes input (ductus drain --status)\n" : "");
        if (rows.isEmpty()) return out.append("no interfaces\n").toString();
        out.append(TABLE.render(rows));
        if (!problems.isEmpty()) {
            out.append('\n');
            problems.forEach(p -> out.append(p).append('\n'));
        }
        return out.toString();
    }

    /** A backlog's trend: {@code ; catching up, done in about 4 min} or {@code ; falling behind (120/min in, 80/min out)}. */
    private static String trend(DestinationHealth.Trend trend) {
        if (trend == null) return "";
        if (trend.catchingUp()) {
            long eta = trend.etaSeconds() == null ? 0 : trend.etaSeconds();
            return "; catching up, done in about " + (eta < 60 ? eta + " s" : eta / 60 + " min");
        }
        return "; falling behind (" + trend.inPerMinute() + "/min in, " + trend.outPerMinute() + "/min out)";
    }
}
