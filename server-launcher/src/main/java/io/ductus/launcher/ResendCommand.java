package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code ductus resend ID…}: sends messages again through a running engine's REST API. */
@Command(name = "resend", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Send messages of a running engine again: their quarantined deliveries (or those of --destination) "
                + "go back to pending, in place, so each goes next in its lane.")
final class ResendCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    @Parameters(paramLabel = "ID", arity = "1..500", description = "The messages' ids (up to 500).")
    List<Long> ids;

    @Option(names = "--destination", paramLabel = "NAME",
            description = "Send to this destination again whatever its delivery ended as (repeatable; default: the quarantined ones).")
    List<String> destinations = List.of();

    @Override
    public Integer call() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("ids", ids);
        if (!destinations.isEmpty()) body.put("destinations", destinations);
        JsonNode changed = engine.client().post("/api/v1/messages/resend", body);
        PrintWriter out = spec.commandLine().getOut();
        JsonNode deliveries = changed.path("deliveries");
        for (JsonNode d : deliveries) {
            out.printf("message %s → %s: %s, pending again%n", d.path("messageId").asText(), d.path("destination").asText(),
                    d.path("before").asText());
        }
        if (deliveries.isEmpty()) {
            out.printf("nothing to resend: no delivery of those messages was %s%n", destinations.isEmpty() ? "quarantined" : "finished");
        } else {
            out.printf("%d deliveries resent%n", deliveries.size());
        }
        out.flush();
        return ExitCodes.OK;
    }
}
