package io.ductus.launcher;

import io.ductus.client.model.EngineList;
import io.ductus.client.model.EngineRun;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The engines sharing a PostgreSQL database (docs/engines.md): who lives and what each delivers; moving one
 * interface to another engine; draining an engine so its interfaces go to the others before it stops. Not
 * {@code ductus drain}, which stops one engine's sources for an upgrade.
 */
@Command(name = "engines", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"The engines on the engine's database, their state and the interfaces each delivers.",
                "--move INTERFACE --to ENGINE has that engine deliver it; --drain ENGINE hands an engine's interfaces to the others"
                        + " (it goes on receiving; stop it once it owns none). Not 'ductus drain', which stops one engine's sources for an upgrade."})
final class EnginesCommand implements Callable<Integer> {

    static final TextTable TABLE = new TextTable(new String[] {"ENGINE", "HOST", "PID", "VERSION", "STARTED", "STATE", "INTERFACES", "DELIVERS"},
            new boolean[] {false, false, true, false, false, false, true, false});

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Option(names = "--move", paramLabel = "INTERFACE", description = "Move this interface's delivery to the engine --to names.")
    String move;

    @Option(names = "--to", paramLabel = "ENGINE", description = "The id of the engine to deliver the --move interface (as the list shows it).")
    String to;

    @Option(names = "--drain", paramLabel = "ENGINE", description = "Hand this engine's interfaces to the other live engines.")
    String drain;

    @Override
    public Integer call() {
        if (move != null && drain != null) throw new BadArgumentException("--move and --drain cannot be used together");
        if (move != null && to == null) throw new BadArgumentException("--move " + move + " needs --to ENGINE: the engine to deliver it (ductus engines lists them)");
        if (to != null && move == null) throw new BadArgumentException("--to needs --move INTERFACE");
        PrintWriter out = spec.commandLine().getOut();
        EngineList list;
        if (move != null) {
            list = engine.client().call(c -> c.moveInterface(move, to));
            out.printf("asked engine %s to deliver %s: the engines carry it out within seconds (intake goes on)%n", to, move);
        } else if (drain != null) {
            list = engine.client().call(c -> c.drainEngine(drain));
            out.printf("draining engine %s: the other engines take its interfaces within seconds; it goes on receiving."
                    + " Stop it once it delivers nothing (ductus engines shows it)%n", drain);
        } else {
            list = engine.client().call(c -> c.engines());
        }
        out.print(render(list));
        out.flush();
        return ExitCodes.OK;
    }

    static String render(EngineList list) {
        List<String[]> rows = new ArrayList<>();
        for (EngineRun e : list.items()) {
            rows.add(new String[] {e.id(), e.host(), Long.toString(e.pid()), e.version(), String.valueOf(e.startedAt()), e.state(),
                    Integer.toString(e.owns().size()), String.join(",", e.owns())});
        }
        return TABLE.render(rows);
    }
}
