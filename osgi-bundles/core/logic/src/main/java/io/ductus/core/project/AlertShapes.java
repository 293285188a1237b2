package io.ductus.core.project;

import io.ductus.core.alert.AlertSettings;
import io.ductus.core.alert.Severity;
import io.ductus.core.health.Health;
import io.ductus.core.project.shape.Choice;
import io.ductus.core.project.shape.ListOf;
import io.ductus.core.project.shape.NamedEntries;
import io.ductus.core.project.shape.Section;
import io.ductus.core.project.shape.Setting;
import io.ductus.core.project.shape.Text;
import io.ductus.core.project.shape.WholeNumber;
import java.util.List;

/**
 * The shapes of {@code monitor:} (interface.yaml, and a destination's) and {@code alerts:} (ductus.yaml),
 * part of {@link ProjectShapes}.
 */
final class AlertShapes {

    /** The health states a rule may name (ok is none). */
    static final List<String> ALERTABLE_STATES = Health.State.labels().stream().filter(s -> !s.equals("ok")).toList();

    static final Section BEHIND = Section.of(
            Setting.optional("waiting", WholeNumber.atLeast(1), null, "Behind once this many messages wait.", "500"),
            Setting.optional("age", Text.duration(), null, "Behind once the oldest waiting message has waited this long.", "10m"));

    static final Section ACTIVE_WITHIN = Section.of(
            Setting.required("every", Text.duration(), "A message at least this often, or the interface is silent.", "30m"),
            Setting.optionalWithNote("hours", Text.hours(), "all day", "Only counted within these hours (local time).", "07:00-19:00"),
            Setting.optional("days", Text.days(), "every day", "Only counted on these days.", "mon-fri"));

    static final Section ACTIVE_BY = Section.of(
            Setting.optional("daily", Text.localTime(), null, "Something must have arrived by this time every day.", "06:30"),
            Setting.optional("weekly", Text.weekly(), null, "... by this day and time every week.", "mon 06:30"),
            Setting.optional("cron", Text.cron(), null, "... by each time this cron expression names.", "30 6 * * mon-fri"),
            Setting.optionalWithNote("from", Text.localTime(), "midnight of the deadline's day",
                    "When each window opens: what arrived before does not count for the deadline.", "04:00"));

    static final Section MONITOR = Section.of(
            Setting.optional("active_within", ACTIVE_WITHIN, null, "How often messages must arrive.", "{ every: 30m, hours: 07:00-19:00, days: mon-fri }"),
            Setting.optional("active_by", ACTIVE_BY, null, "A deadline by which something must have arrived (one of daily, weekly, cron).",
                    "{ daily: \"06:30\" }"),
            Setting.optional("behind", BEHIND, null, "When its destinations count as behind (waiting, age, or both).",
                    "{ waiting: 500, age: 10m }"));

    static final Section DESTINATION_MONITOR = Section.of(
            Setting.optional("behind", BEHIND, null, "When this destination counts as behind (waiting, age, or both).",
                    "{ waiting: 100, age: 5m }"));

    static final Section SMTP = Section.of(
            Setting.required("host", Text.any(), "The mail server.", "smtp.example.org"),
            Setting.optionalWithNote("port", new WholeNumber(1, 65535), "587 (starttls), 465 (tls), 25 (none)", "Its port.", "587"),
            Setting.optional("security", Choice.of("starttls", "tls", "none"), "starttls",
                    "starttls: upgrade to TLS on the plain port (required); tls: TLS from the first byte; none: plain text.", "starttls"),
            Setting.optional("user", Text.any(), null, "The user to sign in as (AUTH), if the server needs one.", "ductus"),
            Setting.optional("password", Text.secretReference(), null, "Its password, as a secret.", "${secret:SMTP_PASSWORD}"),
            Setting.required("from", Text.emailAddress(), "The sender address of alert mail.", "ductus@example.org"),
            Setting.optional("tls_ca", Text.any(), null, "A CA of resources.yaml trusted beside the system's roots for the"
                    + " server's certificate (security starttls or tls).", "hospital-ca"),
            Setting.optional("tls_certificate", Text.any(), null, "A certificate pair of resources.yaml shown as the client"
                    + " certificate (security starttls or tls).", "ductus-client"));

    static final Section CHANNEL = Section.of(
            Setting.required("type", Choice.of("email", "webhook"), "email (through alerts.smtp) or webhook (an HTTP POST of JSON).", "email"),
            Setting.optional("to", new ListOf(Text.emailAddress(), "email addresses"), null, "Where email goes (type email).",
                    "[oncall@example.org]"),
            Setting.optional("url", Text.webhookUrl(), null, "Where to POST (type webhook).", "${secret:SLACK_WEBHOOK_URL}"),
            Setting.optional("format", Choice.of("json", "slack", "teams"), "json",
                    "The webhook's JSON: json (Ductus's own document), slack (an incoming webhook), teams (a workflow's Adaptive Card).",
                    "slack"),
            Setting.optional("tls_ca", Text.any(), null, "A CA of resources.yaml trusted beside the system's roots for an https://"
                    + " url (type webhook).", "hospital-ca"),
            Setting.optional("tls_certificate", Text.any(), null, "A certificate pair of resources.yaml shown as the client"
                    + " certificate to an https:// url (type webhook).", "ductus-client"));

    static final Section ESCALATE = Section.of(
            Setting.required("after", Text.duration(), "How long it fires unacknowledged before escalating.", "30m"),
            Setting.optionalWithNote("severity", new Choice(Severity.labels()), "one above the rule's", "The severity from then on.", "critical"),
            Setting.optionalWithNote("notify", new ListOf(Text.any(), "channel names"), "the rule's", "Whom to tell then.", "[manager]"));

    static final Section RULE = Section.of(
            Setting.required("states", new ListOf(new Choice(ALERTABLE_STATES), "health states"),
                    "The states it covers: " + String.join(", ", ALERTABLE_STATES) + ".", "[stalled, error]"),
            Setting.optionalWithNote("interfaces", new ListOf(Text.any(), "interface names or patterns"), "every interface and the engine",
                    "Which interfaces (and their destinations) it covers; * matches any run of characters.", "[adt-*, lab]"),
            Setting.optional("severity", new Choice(Severity.labels()), "warning", "How urgent.", "critical"),
            Setting.required("notify", new ListOf(Text.any(), "channel names"),
                    "Channels to tell; owner stands for the interface's owner (when it is an email address).", "[oncall, owner]"),
            Setting.optional("hold", Text.duration(), "1m", "How long the state must last before anyone is told.", "5m"),
            Setting.optionalWithNote("remind", Text.duration(), "never", "Tell again this often while nobody acknowledged it.", "1h"),
            Setting.optional("escalate", ESCALATE, null, "Whom to tell once it fired for a while unacknowledged.",
                    "{ after: 30m, notify: [manager] }"));

    static final Section QUIET_HOURS = Section.of(
            Setting.required("hours", Text.hours(), "When (local time).", "22:00-07:00"),
            Setting.optional("days", Text.days(), "every day", "On which days (a window across midnight belongs to the day it starts).", "mon-fri"),
            Setting.optional("allow", new ListOf(new Choice(Severity.labels()), "severities"), "critical",
                    "What is still sent at once; everything else waits until the quiet hours end.", "[critical]"));

    static final Section ALERTS = Section.of(
            Setting.optional("smtp", SMTP, null, "The mail server email channels and owners' mail go through.", ""),
            Setting.optional("channels", new NamedEntries("channel", CHANNEL, false), null, "Where notices go, by name.", ""),
            Setting.optional("rules", new NamedEntries("rule", RULE, false), null,
                    "What to tell whom; the first rule (in file order) that covers a state applies.", ""),
            Setting.optional("group", Text.duration(), "30s",
                    "Notices to one channel made within this of the first are sent as one message.", "1m"),
            Setting.optional("settle", Text.duration(), "2m", "How long a target must be good again before it counts as recovered.", "5m"),
            Setting.optional("quiet_hours", QUIET_HOURS, null, "When only some severities are sent at once.", "{ hours: \"22:00-07:00\" }"),
            Setting.optional("check_every", Text.duration(), "15s", "How often every interface and destination is judged.", "15s"),
            Setting.optional("keep_days", new WholeNumber(1, 36500), (long) AlertSettings.DEFAULT_KEEP_DAYS,
                    "How long alert history and sent notifications are kept.", "365"));

    private AlertShapes() {
    }
}
