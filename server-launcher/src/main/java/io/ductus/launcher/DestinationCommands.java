package io.ductus.launcher;

import io.ductus.client.model.Destination;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ductus pause}, {@code ductus resume} and {@code ductus retry}: one destination of a running engine. */
final class DestinationCommands {

    private DestinationCommands() {
    }

    /** What pause and resume share: the engine, the interface and destination, and the action's name. */
    abstract static class Change implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "INTERFACE", description = "The interface.")
        String interfaceName;

        @Parameters(index = "1", paramLabel = "DESTINATION", description = "Its destination.")
        String destination;

        abstract String action();

        @Override
        public Integer call() {
            return change(spec, engine, interfaceName, destination, action());
        }
    }

    /** Pauses a destination: its messages wait; the interface goes on taking them in. */
    @Command(name = "pause", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Pause a destination of a running engine: its messages wait (the interface still takes them in).")
    static final class Pause extends Change {
        @Override
        String action() {
            return "pause";
        }
    }

    /** Resumes a paused destination: what waits for it is sent, in order. */
    @Command(name = "resume", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Resume a paused destination of a running engine: what waits for it is sent, in order.")
    static final class Resume extends Change {
        @Override
        String action() {
            return "resume";
        }
    }

    /** Retry now: the destination's deliveries waiting for their back-off are tried at once. */
    @Command(name = "retry", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Retry now: a destination's deliveries waiting for their back-off (say, after its receiver came back) "
                    + "are tried at once, in order.")
    static final class Retry extends Change {
        @Override
        String action() {
            return "retry";
        }

        @Override
        public Integer call() {
            long waiting = engine.client().call(c -> c.retryNow(interfaceName, destination)).waiting();
            spec.commandLine().getOut().println(waiting == 0 ? interfaceName + "/" + destination + ": nothing waits for a retry"
                    : interfaceName + "/" + destination + ": " + waiting + " delivery(ies) waiting for a retry are tried now");
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }

    private static int change(CommandSpec spec, EngineOptions engine, String interfaceName, String destination, String action) {
        Destination d = engine.client().call(c -> action.equals("pause") ? c.pause(interfaceName, destination) : c.resume(interfaceName, destination));
        spec.commandLine().getOut().printf("%s/%s is %s (%d pending, %d quarantined)%n", interfaceName, destination,
                d.paused() ? "paused" : "not paused", d.pending(), d.quarantined());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }

}
