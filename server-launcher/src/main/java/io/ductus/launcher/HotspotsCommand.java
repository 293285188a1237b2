package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ductus hotspots}: where a running engine's backlogs sit (blocked lanes, a receiver that looks down, hot keys). */
@Command(name = "hotspots", mixinStandardHelpOptions = true,
        description = "Where backlogs sit: blocked lanes, a receiver that looks down, hot keys, lanes no worker reads.")
final class HotspotsCommand implements Callable<Integer> {

    private static final TextTable TABLE = new TextTable(new String[] {"INTERFACE", "DESTINATION", "WAITING", "KIND", "LANE", "KEY", "DETAIL"},
            new boolean[] {false, false, true, false, true, false, false});

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Override
    public Integer call() {
        JsonNode destinations = engine.client().get("/api/v1/hotspots").path("destinations");
        List<String[]> rows = new ArrayList<>();
        for (JsonNode d : destinations) {
            if (d.path("hotspots").isEmpty()) {
                rows.add(new String[] {d.path("interface").asText(), d.path("destination").asText(), d.path("waiting").asText(), "-", "", "",
                        "nothing stands out"});
            }
            for (JsonNode h : d.path("hotspots")) {
                rows.add(new String[] {d.path("interface").asText(), d.path("destination").asText(), h.path("waiting").asText(),
                        h.path("kind").asText(), h.path("lane").isNull() ? "" : h.path("lane").asText(),
                        h.path("key").isNull() ? "" : h.path("key").asText(), h.path("detail").asText()});
            }
        }
        spec.commandLine().getOut().print(rows.isEmpty() ? "nothing waits: no hotspots\n" : TABLE.render(rows));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
