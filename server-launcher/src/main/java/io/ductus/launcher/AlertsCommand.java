package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ductus alerts}: a running engine's alerts through its REST API: what fires, history, acknowledging,
 * silences, the outbox, and a test notification per channel.
 */
@Command(name = "alerts", mixinStandardHelpOptions = true,
        description = "Alerts of a running engine: list, show, history, ack, silence, silences, unsilence, notifications, channels, test.",
        subcommands = {AlertsCommand.ListAlerts.class, AlertsCommand.Show.class, AlertsCommand.History.class, AlertsCommand.Ack.class,
                AlertsCommand.Silence.class, AlertsCommand.Silences.class, AlertsCommand.Unsilence.class,
                AlertsCommand.Notifications.class, AlertsCommand.Channels.class, AlertsCommand.Test.class})
final class AlertsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    EngineOptions engine = new EngineOptions();

    /** Without a subcommand: the list. */
    @Override
    public Integer call() {
        return ListAlerts.print(spec, engine.client());
    }

    static final TextTable ALERTS = new TextTable(new String[] {"ID", "TARGET", "STATUS", "STATE", "SEVERITY", "SINCE", "ACK", "REASON"},
            new boolean[] {true, false, false, false, false, false, false, false});
    static final TextTable EVENTS = new TextTable(new String[] {"AT", "TARGET", "WHAT", "STATUS", "DETAIL"},
            new boolean[] {false, false, false, false, false});
    static final TextTable NOTIFICATIONS = new TextTable(new String[] {"ID", "CHANNEL", "KIND", "TARGET", "STATUS", "ATTEMPTS", "DUE",
            "LAST ERROR"}, new boolean[] {true, false, false, false, false, true, false, false});

    /** Alerts that are not ok. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "Alerts that are holding, firing or recovering.")
    static final class ListAlerts implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Override
        public Integer call() {
            return print(spec, engine.client());
        }

        static int print(CommandSpec spec, RemoteEngine client) {
            JsonNode alerts = client.get("/api/v1/alerts").path("alerts");
            if (alerts.isEmpty()) {
                out(spec, "no alerts: everything with a rule is ok\n");
                return ExitCodes.OK;
            }
            List<String[]> rows = new ArrayList<>();
            for (JsonNode a : alerts) {
                rows.add(new String[] {a.path("id").asText(), a.path("target").asText(), a.path("status").asText(), text(a, "state"),
                        text(a, "severity"), text(a, "since"), a.path("acknowledgedBy").isNull() ? "-" : a.path("acknowledgedBy").asText(),
                        text(a, "reason")});
            }
            out(spec, ALERTS.render(rows));
            return ExitCodes.OK;
        }
    }

    /** One alert with its history and notifications. */
    @Command(name = "show", mixinStandardHelpOptions = true, description = "One alert with its history and notifications.")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "ID", description = "The alert (ductus alerts lists them).")
        long id;

        @Override
        public Integer call() {
            JsonNode a = engine.client().get("/api/v1/alerts/" + id);
            StringBuilder s = new StringBuilder();
            s.append("alert ").append(id).append(": ").append(a.path("target").asText()).append(" is ").append(a.path("status").asText());
            if (!a.path("state").isNull()) s.append(" (").append(a.path("state").asText()).append(", ").append(a.path("severity").asText()).append(")");
            s.append('\n');
            if (!a.path("reason").isNull()) s.append("reason: ").append(a.path("reason").asText()).append('\n');
            if (!a.path("acknowledgedBy").isNull()) {
                s.append("acknowledged by ").append(a.path("acknowledgedBy").asText()).append(" at ").append(a.path("acknowledgedAt").asText())
                        .append('\n');
            }
            s.append('\n').append(History.render(a.path("history")));
            s.append('\n').append(Notifications.render(a.path("notifications")));
            out(spec, s.toString());
            return ExitCodes.OK;
        }
    }

    /** What happened, newest first. */
    @Command(name = "history", mixinStandardHelpOptions = true, sortOptions = false, description = "What happened to alerts, newest first.")
    static final class History implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Option(names = "--alert", paramLabel = "ID", description = "Only this alert's.")
        Long alert;

        @Option(names = "--before", paramLabel = "ID", description = "Only lines before this one (the next page).")
        Long before;

        @Option(names = "--limit", paramLabel = "N", description = "Lines to show, 1 to 1000 (default: ${DEFAULT-VALUE}).")
        int limit = 50;

        @Override
        public Integer call() {
            Map<String, Object> query = new LinkedHashMap<>();
            query.put("alert", alert);
            query.put("before", before);
            query.put("limit", limit);
            JsonNode page = engine.client().get("/api/v1/alert-history" + query(query));
            out(spec, render(page.path("events")) + (page.path("next").isNull() ? "" : "more: --before " + page.path("next").asText() + "\n"));
            return ExitCodes.OK;
        }

        static String render(JsonNode events) {
            if (events.isEmpty()) return "no history\n";
            List<String[]> rows = new ArrayList<>();
            for (JsonNode e : events) {
                String detail = text(e, "detail") + (e.path("actor").isNull() ? "" : " (" + e.path("actor").asText() + ")");
                rows.add(new String[] {e.path("at").asText(), e.path("target").asText(), e.path("what").asText(), e.path("status").asText(),
                        detail});
            }
            return EVENTS.render(rows);
        }
    }

    /** Acknowledges a firing alert. */
    @Command(name = "ack", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Acknowledge a firing alert: no more reminders or escalation until it recovers.")
    static final class Ack implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "ID", description = "The alert.")
        long id;

        @Option(names = "--comment", paramLabel = "TEXT", description = "What is being done about it.")
        String comment;

        @Override
        public Integer call() {
            Map<String, Object> body = new LinkedHashMap<>();
            if (comment != null) body.put("comment", comment);
            JsonNode a = engine.client().post("/api/v1/alerts/" + id + "/acknowledge", body);
            out(spec, "alert " + id + " (" + a.path("target").asText() + ") acknowledged by " + a.path("acknowledgedBy").asText() + "\n");
            return ExitCodes.OK;
        }
    }

    /** Silences a target for a while. */
    @Command(name = "silence", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Silence a target for a while: its alerts still change, nobody is told.")
    static final class Silence implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "TARGET", description = "*, engine, an interface (with its destinations) or interface/destination.")
        String target;

        @Option(names = "--for", paramLabel = "DURATION", description = "How long, such as 2h.")
        String howLong;

        @Option(names = "--until", paramLabel = "INSTANT", description = "Until when, such as 2026-12-07T18:00:00Z.")
        String until;

        @Option(names = "--reason", paramLabel = "TEXT", required = true, description = "Why nobody should be told.")
        String reason;

        @Override
        public Integer call() {
            if ((howLong == null) == (until == null)) throw new BadArgumentException("give --for or --until (one of them)");
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("target", target);
            if (howLong != null) body.put("for", howLong);
            if (until != null) body.put("until", until);
            body.put("reason", reason);
            JsonNode s = engine.client().post("/api/v1/silences", body);
            out(spec, "silence " + s.path("id").asText() + ": " + target + " until " + s.path("endsAt").asText() + "\n");
            return ExitCodes.OK;
        }
    }

    /** Silences that have not ended. */
    @Command(name = "silences", mixinStandardHelpOptions = true, description = "Silences that have not ended.")
    static final class Silences implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        private static final TextTable TABLE = new TextTable(new String[] {"ID", "TARGET", "UNTIL", "BY", "REASON"},
                new boolean[] {true, false, false, false, false});

        @Override
        public Integer call() {
            JsonNode all = engine.client().get("/api/v1/silences").path("silences");
            if (all.isEmpty()) {
                out(spec, "no silences\n");
                return ExitCodes.OK;
            }
            List<String[]> rows = new ArrayList<>();
            for (JsonNode s : all) {
                rows.add(new String[] {s.path("id").asText(), s.path("target").asText(), s.path("endsAt").asText(),
                        s.path("createdBy").asText(), s.path("reason").asText()});
            }
            out(spec, TABLE.render(rows));
            return ExitCodes.OK;
        }
    }

    /** Ends a silence early. */
    @Command(name = "unsilence", mixinStandardHelpOptions = true, description = "End a silence early.")
    static final class Unsilence implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "ID", description = "The silence (ductus alerts silences lists them).")
        long id;

        @Override
        public Integer call() {
            engine.client().delete("/api/v1/silences/" + id);
            out(spec, "silence " + id + " ended\n");
            return ExitCodes.OK;
        }
    }

    /** The outbox. */
    @Command(name = "notifications", mixinStandardHelpOptions = true, sortOptions = false,
            description = "The notification outbox, newest first.")
    static final class Notifications implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Option(names = "--status", paramLabel = "STATUS", description = "waiting, sent, failed or cancelled.")
        String status;

        @Option(names = "--limit", paramLabel = "N", description = "Rows to show, 1 to 1000 (default: ${DEFAULT-VALUE}).")
        int limit = 50;

        @Override
        public Integer call() {
            Map<String, Object> query = new LinkedHashMap<>();
            query.put("status", status);
            query.put("limit", limit);
            out(spec, render(engine.client().get("/api/v1/notifications" + query(query)).path("notifications")));
            return ExitCodes.OK;
        }

        static String render(JsonNode rows) {
            if (rows.isEmpty()) return "no notifications\n";
            List<String[]> table = new ArrayList<>();
            for (JsonNode n : rows) {
                table.add(new String[] {n.path("id").asText(), n.path("channel").asText(), n.path("kind").asText(), text(n, "target"),
                        n.path("status").asText(), n.path("attempts").asText(), n.path("dueAt").asText(), text(n, "lastError")});
            }
            return NOTIFICATIONS.render(table);
        }
    }

    /** The channels of ductus.yaml. */
    @Command(name = "channels", mixinStandardHelpOptions = true, description = "The alert channels of the engine's ductus.yaml.")
    static final class Channels implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        private static final TextTable TABLE = new TextTable(new String[] {"CHANNEL", "TYPE", "FORMAT", "TO"},
                new boolean[] {false, false, false, false});

        @Override
        public Integer call() {
            JsonNode all = engine.client().get("/api/v1/channels").path("channels");
            if (all.isEmpty()) {
                out(spec, "no channels (alerts.channels in ductus.yaml)\n");
                return ExitCodes.OK;
            }
            List<String[]> rows = new ArrayList<>();
            for (JsonNode c : all) {
                List<String> to = new ArrayList<>();
                c.path("to").forEach(t -> to.add(t.asText()));
                rows.add(new String[] {c.path("name").asText(), c.path("type").asText(), text(c, "format"), String.join(", ", to)});
            }
            out(spec, TABLE.render(rows));
            return ExitCodes.OK;
        }
    }

    /** A test notification. */
    @Command(name = "test", mixinStandardHelpOptions = true,
            description = "Send a channel a test notification (through the outbox, as every notice goes) and say whether it went.")
    static final class Test implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        EngineOptions engine = new EngineOptions();

        @Parameters(index = "0", paramLabel = "CHANNEL", description = "The channel.")
        String channel;

        @Override
        public Integer call() {
            JsonNode n = engine.client().post("/api/v1/channels/" + URLEncoder.encode(channel, StandardCharsets.UTF_8) + "/test");
            String status = n.path("status").asText();
            if (status.equals("sent")) {
                out(spec, "test notification " + n.path("id").asText() + " sent to " + channel + "\n");
                return ExitCodes.OK;
            }
            spec.commandLine().getErr().println("test notification " + n.path("id").asText() + " to " + channel + " not sent ("
                    + status + ", " + n.path("attempts").asText() + " attempt(s))" + (n.path("lastError").isNull() ? ""
                    : ": " + n.path("lastError").asText()));
            return ExitCodes.FAILED;
        }
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isNull() || v.isMissingNode() ? "-" : v.asText();
    }

    private static void out(CommandSpec spec, String text) {
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
    }

    static String query(Map<String, Object> parameters) {
        StringBuilder q = new StringBuilder();
        parameters.forEach((k, v) -> {
            if (v == null) return;
            q.append(q.isEmpty() ? "?" : "&").append(k).append('=').append(URLEncoder.encode(String.valueOf(v), StandardCharsets.UTF_8));
        });
        return q.toString();
    }
}
