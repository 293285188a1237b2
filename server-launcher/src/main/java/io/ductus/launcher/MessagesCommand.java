package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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

/** {@code ductus messages list|show}: the message browser of a running engine, through its REST API. */
@Command(name = "messages", mixinStandardHelpOptions = true,
        description = "Browse the messages of a running engine.",
        subcommands = {MessagesCommand.ListMessages.class, MessagesCommand.Show.class})
final class MessagesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.BAD_ARGUMENTS;
    }

    private static final TextTable LIST = new TextTable(
            new String[] {"ID", "RECEIVED", "INTERFACE", "STATUS", "KEY", "SIZE"},
            new boolean[] {true, false, false, false, false, true});
    private static final TextTable DELIVERIES = new TextTable(
            new String[] {"DESTINATION", "STATUS", "ATTEMPTS", "NEXT ATTEMPT", "LAST ERROR"},
            new boolean[] {false, false, true, false, false});

    /** Lists messages newest first, filtered as the API filters them. */
    @Command(name = "list", mixinStandardHelpOptions = true, sortOptions = false,
            description = "List messages newest first (no contents).")
    static final class ListMessages implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Option(names = "--interface", paramLabel = "NAME", description = "Only this interface's messages.")
        String interfaceName;

        @Option(names = "--status", paramLabel = "STATUS", description = "pending, sent, filtered, quarantined or duplicate.")
        String status;

        @Option(names = "--from", paramLabel = "WHEN", description = "Received at or after: " + TimeOptions.HELP + ".")
        String from;

        @Option(names = "--to", paramLabel = "WHEN", description = "Received before: " + TimeOptions.HELP + ".")
        String to;

        @Option(names = "--text", paramLabel = "TEXT",
                description = "The payload contains this text (exact; searches a bounded window, see --before).")
        String text;

        @Option(names = "--before", paramLabel = "ID", description = "Only ids below this one (the next page).")
        Long before;

        @Option(names = "--limit", paramLabel = "N", description = "Messages to show, 1 to 1000 (default: ${DEFAULT-VALUE}).")
        int limit = 50;

        @Override
        public Integer call() {
            Map<String, Object> query = new LinkedHashMap<>();
            query.put("interface", interfaceName);
            query.put("status", status);
            query.put("from", TimeOptions.instant("--from", from));
            query.put("to", TimeOptions.instant("--to", to));
            query.put("text", text);
            query.put("before", before);
            query.put("limit", limit);
            JsonNode page = engine.client().get("/api/v1/messages" + queryString(query));
            PrintWriter out = spec.commandLine().getOut();
            List<String[]> rows = new ArrayList<>();
            for (JsonNode m : page.path("messages")) {
                rows.add(new String[] {m.path("id").asText(), m.path("receivedAt").asText(), m.path("interface").asText(),
                        m.path("status").asText(), m.path("orderingKey").isNull() ? "-" : m.path("orderingKey").asText(),
                        m.path("size").asText()});
            }
            out.print(rows.isEmpty() ? "no messages\n" : LIST.render(rows));
            if (page.path("scanLimitReached").asBoolean()) {
                out.printf("the search read its window without filling the page: go on with --before %s%n", page.path("next").asText());
            } else if (!page.path("next").isNull()) {
                out.printf("more: --before %s%n", page.path("next").asText());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** One message: its keys, origin and deliveries; its payload with --payload. */
    @Command(name = "show", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Show one message with its deliveries (and its payload with --payload).")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "ID", description = "The message's id.")
        long id;

        @Option(names = "--payload", description = "Also print the payload (needs the payloads permission; the read is audited).")
        boolean payload;

        @Override
        public Integer call() {
            EngineClient client = engine.client();
            JsonNode m = client.get("/api/v1/messages/" + id);
            PrintWriter out = spec.commandLine().getOut();
            out.printf("message %s  %s  %s%n", m.path("id").asText(), m.path("interface").asText(), m.path("status").asText());
            out.printf("received  %s%n", m.path("receivedAt").asText());
            out.printf("key       %s (lane %s)%n", text(m.path("orderingKey")), m.path("lane").asText());
            out.printf("dedupe    %s%n", text(m.path("dedupeKey")));
            out.printf("size      %s bytes (%s)%n", m.path("size").asText(), text(m.path("charset")));
            if (!m.path("origin").isNull()) out.printf("origin    %s%n", m.path("origin").asText());
            if (!m.path("duplicateOf").isNull()) out.printf("duplicate of %s%n", m.path("duplicateOf").asText());
            if (!m.path("editedFrom").isNull()) out.printf("edited copy of %s%n", m.path("editedFrom").asText());
            if (!m.path("editedCopies").isEmpty()) out.printf("edited copies: %s%n", join(m.path("editedCopies")));
            List<String[]> rows = new ArrayList<>();
            for (JsonNode d : m.path("deliveries")) {
                rows.add(new String[] {d.path("destination").asText(), d.path("status").asText(), d.path("attempts").asText(),
                        text(d.path("nextAttemptAt")), text(d.path("lastError"))});
            }
            out.println();
            out.print(rows.isEmpty() ? "no deliveries (a duplicate is stored, not sent)\n" : DELIVERIES.render(rows));
            if (payload) {
                // Segments end with CR; on a terminal each gets a line of its own.
                out.println();
                out.println(client.text("/api/v1/messages/" + id + "/payload").replace("\r\n", "\n").replace('\r', '\n').stripTrailing());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    private static String text(JsonNode node) {
        return node.isNull() || node.isMissingNode() ? "-" : node.asText();
    }

    private static String join(JsonNode ids) {
        List<String> all = new ArrayList<>();
        ids.forEach(i -> all.add(i.asText()));
        return String.join(", ", all);
    }

    /** {@code ?a=1&b=x} of the values that are set; empty when none is. */
    static String queryString(Map<String, Object> parameters) {
        StringBuilder q = new StringBuilder();
        parameters.forEach((name, value) -> {
            if (value == null) return;
            q.append(q.isEmpty() ? '?' : '&').append(name).append('=')
                    .append(URLEncoder.encode(value.toString(), StandardCharsets.UTF_8));
        });
        return q.toString();
    }
}
