package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Starts a running engine's drain (for an upgrade), shows how far it got, or ends it. */
@Command(name = "drain", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Drain a running engine: no source takes input, pending deliveries go on. --status shows how far it got, --stop ends it.")
final class DrainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Option(names = "--status", description = "Only show whether the engine drains and what is still pending.")
    boolean status;

    @Option(names = "--stop", description = "End the drain: the sources take input again.")
    boolean stop;

    @Override
    public Integer call() {
        if (status && stop) throw new BadArgumentException("--status and --stop cannot be used together");
        EngineClient client = engine.client();
        JsonNode drain = status ? client.get("/api/v1/drain") : stop ? client.delete("/api/v1/drain") : client.post("/api/v1/drain");
        PrintWriter out = spec.commandLine().getOut();
        if (!drain.path("draining").asBoolean()) {
            out.println(stop ? "drain ended: the sources take input again" : "not draining");
        } else {
            out.printf("draining since %s: %s%n", drain.path("since").asText(), drain.path("drained").asBoolean()
                    ? "drained, nothing pending: safe to stop the engine"
                    : drain.path("pending").asLong() + " deliveries still pending");
            long paused = drain.path("pendingPaused").asLong();
            if (paused > 0) out.printf("%d more wait for paused destinations (they wait for ductus resume, not for the drain)%n", paused);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
