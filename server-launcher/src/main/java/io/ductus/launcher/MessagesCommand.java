package io.ductus.launcher;

import io.ductus.client.MessageQuery;
import io.ductus.client.model.Delivery;
import io.ductus.client.model.Message;
import io.ductus.client.model.MessagePage;
import io.ductus.client.model.MessageSummary;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
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
            MessageQuery query = MessageQuery.all().withInterface(interfaceName).withStatus(status)
                    .between(TimeOptions.moment("--from", from), TimeOptions.moment("--to", to)).withText(text).before(before).limit(limit);
            MessagePage page = engine.client().call(c -> c.messages(query));
            PrintWriter out = spec.commandLine().getOut();
            List<String[]> rows = new ArrayList<>();
            for (MessageSummary m : page.messages()) {
                rows.add(new String[] {String.valueOf(m.id()), String.valueOf(m.receivedAt()), m.interfaceName(), m.status(),
                        m.orderingKey() == null ? "-" : m.orderingKey(), String.valueOf(m.size())});
            }
            out.print(rows.isEmpty() ? "no messages\n" : LIST.render(rows));
            if (page.scanLimitReached()) {
                out.printf("the search read its window without filling the page: go on with --before %s%n", page.next());
            } else if (page.next() != null) {
                out.printf("more: --before %s%n", page.next());
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
            RemoteEngine client = engine.client();
            Message m = client.call(c -> c.message(id));
            PrintWriter out = spec.commandLine().getOut();
            out.printf("message %s  %s  %s%n", m.id(), m.interfaceName(), m.status());
            out.printf("received  %s%n", m.receivedAt());
            out.printf("key       %s (lane %s)%n", text(m.orderingKey()), m.lane());
            out.printf("dedupe    %s%n", text(m.dedupeKey()));
            out.printf("size      %s bytes (%s)%n", m.size(), text(m.charset()));
            if (m.origin() != null) out.printf("origin    %s%n", m.origin());
            if (m.duplicateOf() != null) out.printf("duplicate of %s%n", m.duplicateOf());
            if (m.editedFrom() != null) out.printf("edited copy of %s%n", m.editedFrom());
            if (!m.editedCopies().isEmpty()) out.printf("edited copies: %s%n", String.join(", ", m.editedCopies().stream().map(String::valueOf).toList()));
            List<String[]> rows = new ArrayList<>();
            for (Delivery d : m.deliveries()) {
                rows.add(new String[] {d.destination(), d.status(), String.valueOf(d.attempts()),
                        text(d.nextAttemptAt() == null ? null : d.nextAttemptAt().toString()), text(d.lastError())});
            }
            out.println();
            out.print(rows.isEmpty() ? "no deliveries (a duplicate is stored, not sent)\n" : DELIVERIES.render(rows));
            if (payload) {
                // Segments end with CR; on a terminal each gets a line of its own.
                out.println();
                out.println(client.call(c -> c.payload(id)).text().replace("\r\n", "\n").replace('\r', '\n').stripTrailing());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    private static String text(String value) {
        return value == null ? "-" : value;
    }
}
