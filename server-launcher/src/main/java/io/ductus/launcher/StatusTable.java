package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ductus status} as text: whether the engine drains, a row per destination (interface, state,
 * paused, pending, quarantined, health), then each health that is not ok with its reason, and every problem
 * of an interface that is not loaded.
 */
final class StatusTable {

    private static final TextTable TABLE = new TextTable(
            new String[] {"INTERFACE", "DESTINATION", "STATE", "PENDING", "QUARANTINED", "HEALTH"},
            new boolean[] {false, false, false, true, true, false});

    private StatusTable() {
    }

    /** @param interfaces the answer of GET /api/v1/interfaces */
    static String render(JsonNode interfaces) {
        List<String[]> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (JsonNode i : interfaces.path("interfaces")) {
            String name = i.path("name").asText();
            if (!i.path("problems").isEmpty()) {
                StringBuilder all = new StringBuilder(name + ": " + i.path("state").asText() + ", " + i.path("problems").size()
                        + " problem(s) in its files:");
                i.path("problems").forEach(p -> all.append("\n  ").append(p.asText()));
                problems.add(all.toString());
            } else if (!i.path("health").path("state").asText().equals("ok")) {
                problems.add(name + ": " + i.path("health").path("state").asText() + " — " + i.path("health").path("reason").asText());
            }
            if (i.path("destinations").isEmpty()) rows.add(new String[] {name, "-", i.path("state").asText(), "", "", health(i)});
            for (JsonNode d : i.path("destinations")) {
                String state = d.path("paused").asBoolean() ? "paused" : i.path("state").asText();
                rows.add(new String[] {name, d.path("name").asText(), state, d.path("pending").asText(),
                        d.path("quarantined").asText(), health(d)});
                if (!health(d).equals("ok") && !health(d).equals(i.path("health").path("state").asText())
                        || !d.path("health").path("trend").isMissingNode() && !d.path("health").path("trend").isNull()) {
                    problems.add(name + "/" + d.path("name").asText() + ": " + health(d) + " — " + d.path("health").path("reason").asText("")
                            + trend(d.path("health").path("trend")));
                }
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(interfaces.path("draining").asBoolean() ? "draining: no source takes input (ductus drain --status)\n" : "");
        if (rows.isEmpty()) return out.append("no interfaces\n").toString();
        out.append(TABLE.render(rows));
        if (!problems.isEmpty()) {
            out.append('\n');
            problems.forEach(p -> out.append(p).append('\n'));
        }
        return out.toString();
    }

    /** A backlog's trend: {@code ; catching up, done in about 4 min} or {@code ; falling behind (120/min in, 80/min out)}. */
    private static String trend(JsonNode trend) {
        if (trend.isMissingNode() || trend.isNull()) return "";
        if (trend.path("direction").asText().equals("catching_up")) {
            long eta = trend.path("etaSeconds").asLong();
            return "; catching up, done in about " + (eta < 60 ? eta + " s" : eta / 60 + " min");
        }
        return "; falling behind (" + trend.path("inPerMinute").asText() + "/min in, " + trend.path("outPerMinute").asText() + "/min out)";
    }

    private static String health(JsonNode node) {
        return node.path("health").path("state").asText();
    }
}
