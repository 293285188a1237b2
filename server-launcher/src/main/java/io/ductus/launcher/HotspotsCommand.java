package io.ductus.launcher;

import io.ductus.client.model.Hotspots;
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
        List<Hotspots.DestinationHotspots> destinations = engine.client().call(c -> c.hotspots()).destinations();
        List<String[]> rows = new ArrayList<>();
        for (Hotspots.DestinationHotspots d : destinations) {
            if (d.hotspots().isEmpty()) {
                rows.add(new String[] {d.interfaceName(), d.destination(), String.valueOf(d.waiting()), "-", "", "", "nothing stands out"});
            }
            for (Hotspots.Hotspot h : d.hotspots()) {
                rows.add(new String[] {d.interfaceName(), d.destination(), String.valueOf(h.waiting()), h.kind(),
                        h.lane() == null ? "" : String.valueOf(h.lane()), h.key() == null ? "" : h.key(), h.detail()});
            }
        }
        spec.commandLine().getOut().print(rows.isEmpty() ? "nothing waits: no hotspots\n" : TABLE.render(rows));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
