package io.ductus.launcher;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The interfaces of a running engine, their queues and health, as a table. */
@Command(name = "status", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Show a running engine's interfaces: state, pending and quarantined messages, health.")
final class StatusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(StatusTable.render(engine.client().call(c -> c.interfaces())));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
