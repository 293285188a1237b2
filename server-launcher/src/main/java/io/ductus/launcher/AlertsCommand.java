package io.ductus.launcher;

import io.ductus.client.model.Alert;
import io.ductus.client.model.AlertDetail;
import io.ductus.client.model.AlertHistory;
import io.ductus.client.model.AlertHistoryEntry;
import io.ductus.client.model.ChannelList;
import io.ductus.client.model.NewSilence;
import io.ductus.client.model.Notification;
import io.ductus.client.model.SilenceList;
import java.util.ArrayList;
import java.util.List;
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
            List<Alert> alerts = client.call(c -> c.alerts().list()).alerts();
            if (alerts.isEmpty()) {
                out(spec, "no alerts: everything with a rule is ok\n");
                return ExitCodes.OK;
            }
            List<String[]> rows = new ArrayList<>();
            for (Alert a : alerts) {
                rows.add(new String[] {String.valueOf(a.id()), a.target(), a.status(), text(a.state()), text(a.severity()), text(a.since()),
                        text(a.acknowledgedBy()), text(a.reason())});
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
            AlertDetail a = engine.client().call(c -> c.alerts().alert(id));
            StringBuilder s = new StringBuilder();
            s.append("alert ").append(id).append(": ").append(a.target()).append(" is ").append(a.status());
            if (a.state() != null) s.append(" (").append(a.state()).append(", ").append(a.severity()).append(")");
            s.append('\n');
            if (a.reason() != null) s.append("reason: ").append(a.reason()).append('\n');
            if (a.acknowledgedBy() != null) {
                s.append("acknowledged by ").append(a.acknowledgedBy()).append(" at ").append(a.acknowledgedAt()).append('\n');
            }
            s.append('\n').append(History.render(a.history()));
            s.append('\n').append(Notifications.render(a.notifications()));
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
            AlertHistory page = engine.client().call(c -> c.alerts().history(alert, before, limit));
            out(spec, render(page.events()) + (page.next() == null ? "" : "more: --before " + page.next() + "\n"));
            return ExitCodes.OK;
        }

        static String render(List<AlertHistoryEntry> events) {
            if (events.isEmpty()) return "no history\n";
            List<String[]> rows = new ArrayList<>();
            for (AlertHistoryEntry e : events) {
                String detail = text(e.detail()) + (e.actor() == null ? "" : " (" + e.actor() + ")");
                rows.add(new String[] {String.valueOf(e.at()), e.target(), e.what(), e.status(), detail});
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
            Alert a = engine.client().call(c -> c.alerts().acknowledge(id, comment));
            out(spec, "alert " + id + " (" + a.target() + ") acknowledged by " + a.acknowledgedBy() + "\n");
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
            var s = engine.client().call(c -> c.alerts().silence(new NewSilence(target, howLong, until, reason)));
            out(spec, "silence " + s.id() + ": " + target + " until " + s.endsAt() + "\n");
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
            SilenceList silences = engine.client().call(c -> c.alerts().silences());
            var all = silences.silences();
            if (all.isEmpty()) {
                out(spec, "no silences\n");
                return ExitCodes.OK;
            }
            List<String[]> rows = new ArrayList<>();
            for (var s : all) {
                rows.add(new String[] {String.valueOf(s.id()), s.target(), String.valueOf(s.endsAt()), s.createdBy(), s.reason()});
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
            engine.client().call(c -> c.alerts().endSilence(id));
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
            out(spec, render(engine.client().call(c -> c.alerts().notifications(status, null, limit)).notifications()));
            return ExitCodes.OK;
        }

        static String render(List<Notification> rows) {
            if (rows.isEmpty()) return "no notifications\n";
            List<String[]> table = new ArrayList<>();
            for (Notification n : rows) {
                table.add(new String[] {String.valueOf(n.id()), n.channel(), n.kind(), text(n.target()), n.status(),
                        String.valueOf(n.attempts()), String.valueOf(n.dueAt()), text(n.lastError())});
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
            List<ChannelList.Channel> all = engine.client().call(c -> c.alerts().channels()).channels();
            if (all.isEmpty()) {
                out(spec, "no channels (alerts.channels in ductus.yaml)\n");
                return ExitCodes.OK;
            }
            List<String[]> rows = new ArrayList<>();
            for (ChannelList.Channel c : all) {
                rows.add(new String[] {c.name(), c.type(), text(c.format()), String.join(", ", c.to())});
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
            Notification n = engine.client().call(c -> c.alerts().testChannel(channel));
            String status = n.status();
            if (status.equals("sent")) {
                out(spec, "test notification " + n.id() + " sent to " + channel + "\n");
                return ExitCodes.OK;
            }
            spec.commandLine().getErr().println("test notification " + n.id() + " to " + channel + " not sent ("
                    + status + ", " + n.attempts() + " attempt(s))" + (n.lastError() == null ? "" : ": " + n.lastError()));
            return ExitCodes.FAILED;
        }
    }

    private static String text(Object value) {
        return value == null ? "-" : value.toString();
    }

    private static void out(CommandSpec spec, String text) {
        spec.commandLine().getOut().print(text);
        spec.commandLine().getOut().flush();
    }
}
