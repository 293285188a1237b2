package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ductus status} as text: whether the engine drains, a row per destination (interface, state,
 * paused, pending, quarantined, health), then each health that is not ok with its reason.
 */
final class StatusTable {

    private static final String[] HEADER = {"INTERFACE", "DESTINATION", "STATE", "PENDING", "QUARANTINED", "HEALTH"};
    /** Columns aligned right: the counts. */
    private static final boolean[] RIGHT = {false, false, false, true, true, false};

    private StatusTable() {
    }

    /** @param interfaces the answer of GET /api/v1/interfaces */
    static String render(JsonNode interfaces) {
        List<String[]> rows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (JsonNode i : interfaces.path("interfaces")) {
            String name = i.path("name").asText();
            if (!i.path("health").path("state").asText().equals("ok")) {
                problems.add(name + ": " + i.path("health").path("state").asText() + " — " + i.path("health").path("reason").asText());
            }
            if (i.path("destinations").isEmpty()) rows.add(new String[] {name, "-", i.path("state").asText(), "", "", health(i)});
            for (JsonNode d : i.path("destinations")) {
                String state = d.path("paused").asBoolean() ? "paused" : i.path("state").asText();
                rows.add(new String[] {name, d.path("name").asText(), state, d.path("pending").asText(),
                        d.path("quarantined").asText(), health(d)});
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(interfaces.path("draining").asBoolean() ? "draining: no source takes input (ductus drain --status)\n" : "");
        if (rows.isEmpty()) return out.append("no interfaces\n").toString();
        out.append(table(rows));
        if (!problems.isEmpty()) {
            out.append('\n');
            problems.forEach(p -> out.append(p).append('\n'));
        }
        return out.toString();
    }

    private static String health(JsonNode node) {
        return node.path("health").path("state").asText();
    }

    private static String table(List<String[]> rows) {
        int[] widths = new int[HEADER.length];
        List<String[]> all = new ArrayList<>();
        all.add(HEADER);
        all.addAll(rows);
        for (String[] row : all) {
            for (int c = 0; c < row.length; c++) widths[c] = Math.max(widths[c], row[c].length());
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : all) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                if (c > 0) line.append("  ");
                String pad = " ".repeat(widths[c] - row[c].length());
                line.append(RIGHT[c] && row != HEADER ? pad + row[c] : row[c] + pad);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }
}
