package io.ductus.launcher;

import io.ductus.client.model.Drain;
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
        Drain drain = engine.client().call(c -> status ? c.drain() : stop ? c.stopDrain() : c.startDrain());
        PrintWriter out = spec.commandLine().getOut();
        if (!drain.draining()) {
            out.println(stop ? "drain ended: the sources take input again" : "not draining");
        } else {
            out.printf("draining since %s: %s%n", drain.since(), drain.drained()
                    ? "drained, nothing pending: safe to stop the engine"
                    : drain.pending() + " deliveries still pending");
            long paused = drain.pendingPaused();
            if (paused > 0) out.printf("%d more wait for paused destinations (they wait for ductus resume, not for the drain)%n", paused);
        }
        out.flush();
        return ExitCodes.OK;
    }
}
