package io.ductus.core.project;

import io.ductus.core.alert.AlertRule;
import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Channel;
import io.ductus.core.alert.Policy;
import io.ductus.core.alert.QuietHours;
import io.ductus.core.alert.Severity;
import io.ductus.core.time.DaySet;
import io.ductus.core.time.LocalWindow;
import io.ductus.sdk.config.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads ductus.yaml's {@code alerts:} into {@link AlertSettings}, and checks what the shape cannot: every
 * recipient is a channel (or {@code owner}), each channel has the settings its type needs, and mail has a
 * server to go through.
 */
final class AlertsReader {

    private AlertsReader() {
    }

    /** Problems across keys, at the value concerned. Call beside the shape check. */
    static void check(MapNode root, FileProblems problems) {
        Optional<MapNode> alerts = MonitorReader.map(root, "alerts");
        if (alerts.isEmpty()) return;
        boolean smtp = alerts.get().value("smtp").isPresent();
        Map<String, MapNode> channels = new LinkedHashMap<>();
        MonitorReader.map(alerts.get(), "channels").ifPresent(c -> c.entries().forEach(e -> {
            if (e.value() instanceof MapNode m) channels.put(e.key(), m);
        }));
        channels.forEach((name, channel) -> checkChannel(name, channel, smtp, problems));
        MonitorReader.map(alerts.get(), "rules").ifPresent(rules -> {
            for (MapNode.Entry rule : rules.entries()) {
                if (!(rule.value() instanceof MapNode r)) continue;
                String field = "alerts.rules." + rule.key();
                checkRecipients(r.value("notify"), field + ".notify", channels.keySet(), smtp, problems);
                MonitorReader.map(r, "escalate").ifPresent(e ->
                        checkRecipients(e.value("notify"), field + ".escalate.notify", channels.keySet(), smtp, problems));
            }
        });
    }

    private static void checkChannel(String name, MapNode channel, boolean smtp, FileProblems problems) {
        String field = "alerts.channels." + name;
        Optional<String> type = InterfaceReader.text(channel, "type");
        if (type.isEmpty()) return;
        if (type.get().equals("email")) {
            if (channel.value("to").isEmpty()) problems.add(channel.position(), field + ".to", "required for an email channel: the addresses");
            notFor(channel, "url", "an email", field, problems);
            notFor(channel, "format", "an email", field, problems);
            if (!smtp) problems.add(channel.position(), field, "an email channel needs alerts.smtp: the mail server it goes through");
        } else {
            if (channel.value("url").isEmpty()) problems.add(channel.position(), field + ".url", "required for a webhook channel: where to POST");
            notFor(channel, "to", "a webhook", field, problems);
        }
    }

    private static void notFor(MapNode channel, String key, String what, String field, FileProblems problems) {
        channel.entry(key).ifPresent(e -> problems.add(e.keyPosition(), field + "." + key, "not a setting of " + what + " channel"));
    }

    private static void checkRecipients(Optional<Node> notify, String field, Set<String> channels, boolean smtp,
                                        FileProblems problems) {
        if (notify.isEmpty()) return;
        List<Node> items = notify.get() instanceof ListNode list ? list.items() : List.of(notify.get());
        for (int i = 0; i < items.size(); i++) {
            if (!(items.get(i) instanceof ScalarNode s) || !(s.value() instanceof String name)) continue;
            String at = items.size() == 1 && !(notify.get() instanceof ListNode) ? field : field + "[" + i + "]";
            if (name.equals(AlertRule.OWNER)) {
                if (!smtp) problems.add(s.position(), at, "owner is told by email: it needs alerts.smtp");
            } else if (!channels.contains(name)) {
                problems.add(s.position(), at, "no channel '" + name + "' in alerts.channels"
                        + (channels.isEmpty() ? " (it has none)" : " (it has " + String.join(", ", channels) + ")")
                        + "; owner stands for the interface's owner");
            }
        }
    }

    /** The settings; call only after a clean check. */
    static AlertSettings read(MapNode alerts) {
        Optional<AlertSettings.SmtpServer> smtp = MonitorReader.map(alerts, "smtp").map(AlertsReader::smtp);
        Map<String, Channel> channels = new LinkedHashMap<>();
        MonitorReader.map(alerts, "channels").ifPresent(c -> c.entries().forEach(e -> channels.put(e.key(), channel(e.key(), (MapNode) e.value()))));
        List<AlertRule> rules = new ArrayList<>();
        MonitorReader.map(alerts, "rules").ifPresent(r -> r.entries().forEach(e -> rules.add(rule(e.key(), (MapNode) e.value()))));
        Optional<QuietHours> quiet = MonitorReader.map(alerts, "quiet_hours").map(q -> new QuietHours(
                LocalWindow.parse(InterfaceReader.text(q, "hours").orElseThrow(),
                        InterfaceReader.text(q, "days").map(DaySet::parse).orElse(DaySet.EVERY_DAY)),
                q.value("allow").map(n -> new LinkedHashSet<>(texts(n).stream().map(t -> Severity.fromLabel(t).orElseThrow()).toList()))
                        .map(s -> (Set<Severity>) s).orElse(Set.of(Severity.CRITICAL))));
        return new AlertSettings(smtp, channels, rules,
                duration(alerts, "group").orElse(AlertSettings.DEFAULT_GROUP),
                duration(alerts, "settle").orElse(AlertSettings.DEFAULT_SETTLE), quiet,
                duration(alerts, "check_every").orElse(AlertSettings.DEFAULT_CHECK_EVERY),
                InterfaceReader.wholeNumber(alerts, "keep_days").map(Long::intValue).orElse(AlertSettings.DEFAULT_KEEP_DAYS));
    }

    private static AlertSettings.SmtpServer smtp(MapNode m) {
        String security = InterfaceReader.text(m, "security").orElse("starttls");
        int defaultPort = switch (security) {
            case "tls" -> 465;
            case "none" -> 25;
            default -> 587;
        };
        return new AlertSettings.SmtpServer(InterfaceReader.text(m, "host").orElseThrow(),
                InterfaceReader.wholeNumber(m, "port").map(Long::intValue).orElse(defaultPort), security,
                InterfaceReader.text(m, "user").orElse(null), InterfaceReader.text(m, "password").orElse(null),
                InterfaceReader.text(m, "from").orElseThrow(), InterfaceReader.text(m, "tls_ca").orElse(null),
                InterfaceReader.text(m, "tls_certificate").orElse(null));
    }

    private static Channel channel(String name, MapNode m) {
        boolean email = InterfaceReader.text(m, "type").orElseThrow().equals("email");
        return new Channel(name, email ? Channel.Type.EMAIL : Channel.Type.WEBHOOK,
                m.value("to").map(AlertsReader::texts).orElse(List.of()), InterfaceReader.text(m, "url").orElse(null),
                email ? null : Channel.Format.valueOf(InterfaceReader.text(m, "format").orElse("json").toUpperCase(java.util.Locale.ROOT)),
                InterfaceReader.text(m, "tls_ca").orElse(null), InterfaceReader.text(m, "tls_certificate").orElse(null));
    }

    private static AlertRule rule(String name, MapNode m) {
        Severity severity = InterfaceReader.text(m, "severity").flatMap(Severity::fromLabel).orElse(Severity.WARNING);
        List<String> recipients = texts(m.value("notify").orElseThrow());
        Optional<Policy.Escalation> escalate = MonitorReader.map(m, "escalate").map(e -> new Policy.Escalation(
                DurationText.parse(InterfaceReader.text(e, "after").orElseThrow()),
                InterfaceReader.text(e, "severity").flatMap(Severity::fromLabel).orElse(severity.higher()),
                e.value("notify").map(AlertsReader::texts).orElse(recipients)));
        return new AlertRule(name, new LinkedHashSet<>(texts(m.value("states").orElseThrow())),
                m.value("interfaces").map(AlertsReader::texts).orElse(List.of()), severity, recipients,
                duration(m, "hold").orElse(AlertSettings.DEFAULT_HOLD), duration(m, "remind"), escalate);
    }

    private static Optional<Duration> duration(MapNode m, String key) {
        return InterfaceReader.text(m, key).map(DurationText::parse);
    }

    /** A list's texts, or a single value as a list of one. */
    static List<String> texts(Node node) {
        if (node instanceof ListNode list) return list.items().stream().map(n -> ((ScalarNode) n).text().strip()).toList();
        return List.of(((ScalarNode) node).text().strip());
    }
}
