package io.ductus.launcher;

import io.ductus.client.model.Changed;
import io.ductus.client.model.DeliveryChange;
import io.ductus.client.model.Resend;
import io.ductus.client.model.ResendQuarantined;
import io.ductus.client.model.ResentQuarantined;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code ductus resend ID…} sends messages of a running engine again through its REST API; {@code ductus
 * resend --interface NAME [--from WHEN] [--to WHEN]} sends every quarantined message of an interface in a
 * time window again (in batches, as one audited action).
 */
@Command(name = "resend", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Send messages of a running engine again: their quarantined deliveries (or those of --destination) "
                + "go back to pending, in place, so each goes next in its lane. With --interface instead of ids: every "
                + "quarantined message of that interface received in --from/--to.")
final class ResendCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Parameters(paramLabel = "ID", arity = "0..500", description = "The messages' ids (up to 500).")
    List<Long> ids = List.of();

    @Option(names = "--destination", paramLabel = "NAME",
            description = "Send to this destination again whatever its delivery ended as (repeatable; default: the quarantined ones).")
    List<String> destinations = List.of();

    @Option(names = "--interface", paramLabel = "NAME", description = "Instead of ids: every quarantined message of this interface.")
    String interfaceName;

    @Option(names = "--from", paramLabel = "WHEN", description = "With --interface: received at or after " + TimeOptions.HELP + ".")
    String from;

    @Option(names = "--to", paramLabel = "WHEN", description = "With --interface: received before, " + TimeOptions.HELP + ".")
    String to;

    @Override
    public Integer call() {
        if (interfaceName != null) return resendQuarantined();
        if (ids.isEmpty()) throw new BadArgumentException("name the messages (ID…) or an interface (--interface NAME)");
        if (from != null || to != null) throw new BadArgumentException("--from and --to go with --interface");
        Changed changed = engine.client().call(c -> c.resend(new Resend(ids, destinations)));
        PrintWriter out = spec.commandLine().getOut();
        List<DeliveryChange> deliveries = changed.deliveries();
        for (DeliveryChange d : deliveries) {
            out.printf("message %s → %s: %s, pending again%n", d.messageId(), d.destination(), d.before());
        }
        if (deliveries.isEmpty()) {
            out.printf("nothing to resend: no delivery of those messages was %s%n", destinations.isEmpty() ? "quarantined" : "finished");
        } else {
            out.printf("%d deliveries resent%n", deliveries.size());
        }
        out.flush();
        return ExitCodes.OK;
    }

    private int resendQuarantined() {
        if (!ids.isEmpty()) throw new BadArgumentException("give message ids or --interface, not both");
        if (!destinations.isEmpty()) throw new BadArgumentException("--destination goes with message ids");
        ResendQuarantined filter = new ResendQuarantined(interfaceName, TimeOptions.moment("--from", from), TimeOptions.moment("--to", to));
        ResentQuarantined done = engine.client().call(c -> c.resendQuarantined(filter));
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: %d quarantined message(s) resent (%d deliveries pending again, in %d batch(es))%n", interfaceName,
                done.messages(), done.deliveries(), done.batches());
        out.flush();
        return ExitCodes.OK;
    }
}
