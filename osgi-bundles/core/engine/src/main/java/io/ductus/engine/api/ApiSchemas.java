package io.ductus.engine.api;

import java.util.Arrays;
import java.util.LinkedHashMap;
import io.ductus.store.ResendRequest;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the API's bodies, by name: the OpenAPI
 * document's components. Routes name them; a test checks every name a route uses is here.
 */
public final class ApiSchemas {

    private ApiSchemas() {
    }

    public static Map<String, Object> all() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("Problem", object(List.of("title", "status", "detail"),
                "type", string("about:blank"), "title", string("what went wrong, in a few words"),
                "status", integer("the HTTP status"), "detail", string("what happened and what to do")));
        s.put("Health", object(List.of("status"), "status", enumeration("ok once started", "ok", "starting", "stopping")));
        s.put("Engine", object(List.of("version", "state"),
                "version", string("the engine's version"), "state", string("running, starting or stopping"),
                "startedAt", dateTime("when the engine started"), "uptimeSeconds", integer("seconds since then"),
                "database", object(List.of("kind", "location"), "kind", string("sqlite or postgres"),
                        "location", string("where; never with a password")),
                "bundles", array(anyObject("an OSGi bundle: id, symbolicName, version, state, location")),
                "connectorTypes", array(anyObject("a connector type: name, roles, description, bundle, bundleVersion, inUse")),
                "plugins", array(anyObject("a jar of the plugins folder: file, state, bundle, bundleVersion, reason")),
                "draining", bool("whether the engine stopped taking messages"),
                "interfaces", array(anyObject("an interface and its state"))));
        s.put("CertificateList", object(List.of("items"), "items", array(object(List.of("name", "kind", "subject", "notAfter", "daysLeft"),
                "name", string("the entry's name in resources.yaml"), "kind", enumeration("a pair or a CA alone", "pair", "ca"),
                "subject", string("the leaf's (or first CA certificate's) subject"),
                "notAfter", dateTime("when the first certificate of its chain expires"), "daysLeft", integer("whole days until then"),
                "warning", nullableString("set within 30 days of the expiry: renew it")))));
        s.put("Ready", object(List.of("status", "reasons"), "status", enumeration("ready: send it work", "ready", "not ready"),
                "reasons", array(string("why it is not ready: starting, stopping, draining, the database does not answer"))));
        s.put("HealthState", enumeration("worst first (docs/health-and-alerts.md)", "stopped", "paused", "stalled", "error", "silent",
                "behind", "ok"));
        s.put("HealthSummary", object(List.of("state", "reason"), "state", ref("HealthState"),
                "reason", nullableString("what to look at; null when ok")));
        s.put("DestinationHealth", object(List.of("state", "reason", "causes"), "state", ref("HealthState"),
                "reason", nullableString("what to look at; null when ok"),
                "oldestWaitingSeconds", nullableInteger("how long the oldest waiting message has waited; null when none waits"),
                "trend", Map.of("type", List.of("object", "null"), "description",
                        "for a backlog over a minute old: direction (catching_up or falling_behind), inPerMinute, outPerMinute, "
                                + "etaSeconds (null when not shrinking)"),
                "causes", array(object(List.of("kind", "detail"),
                        "kind", enumeration("what the facts point at", "burst", "slow_receiver", "blocked_lane", "receiver_down"),
                        "detail", string("in words"), "lane", nullableInteger("the lane concerned"),
                        "key", nullableString("the ordering key of that lane's first waiting message")))));
        s.put("Connector", object(List.of("type", "status"), "type", string("the connector type"),
                "status", enumeration("what the connector last reported; closed while it does not run (a drain, a stopped interface)",
                        "ok", "degraded", "failed", "closed"),
                "detail", nullableString("what it said with that status")));
        s.put("Destination", object(List.of("interface", "name", "paused", "connector", "pending", "quarantined", "health"),
                "interface", string("the interface"), "name", string("the destination"),
                "paused", bool("an operator paused it: its messages wait"), "connector", ref("Connector"),
                "pending", integer("deliveries waiting (retries included)"),
                "quarantined", integer("deliveries quarantined, not yet resent or dismissed"), "health", ref("DestinationHealth"),
                "lastFinishedAt", nullableDateTime("when its last delivery finished (sent, filtered or quarantined), on any engine; null when none has"
                        + " (kept across restarts with the health facts)")));
        s.put("Interface", object(List.of("name", "state", "source", "health", "destinations", "problems"),
                "name", string("the interface's folder name"),
                "state", enumeration("running; draining (its source closed for a drain); not listening (its source could not"
                                + " start, such as a port in use, and is tried again every few seconds; the destinations go on);"
                                + " stopped; not loaded (its files or its code have problems)",
                        "running", "draining", "not listening", "stopped", "not loaded"),
                "reason", nullableString("why it does not run as it should"), "owner", nullableString("its interface.yaml owner"),
                "revision", nullableInteger("the revision of its files it runs (GET …/revisions); null when not on record"),
                "source", ref("Connector"),
                "health", ref("HealthSummary"), "ownHealth", ref("HealthSummary"), "destinations", array(ref("Destination")),
                "problems", array(string("a problem of its files or code, as ductus validate prints it: file:line:column: field: message")),
                "lastReceivedAt", nullableDateTime("when it last stored a message, on any engine sharing the database; null when it"
                        + " never has (kept across restarts with the health facts)"),
                "deliveredBy", nullableString("while several engines share the database: the run id of the engine that delivers its"
                        + " destinations (docs/engines.md); null with one engine, and while no live engine delivers it")));
        s.put("InterfaceList", object(List.of("draining", "interfaces"), "draining", bool("whether the engine drains"),
                "interfaces", array(ref("Interface"))));
        s.put("InterfaceRetention", object(List.of("name", "retention", "applied", "waitingForConfirmation", "quarantined", "messages",
                        "bytes", "held"),
                "name", string("the interface"),
                "retention", nullableString("the window its files say (1w, 3w, 7w; else ductus.yaml's retention); null when it is no"
                        + " longer in the project (its messages still go by the applied window)"),
                "applied", nullableString("the window its messages are purged by now; null until the first run saw it"),
                "waitingForConfirmation", bool("a shorter window waits for POST …/confirm (until then the applied one stays)"),
                "quarantined", enumeration("whether quarantined messages stay past the window", "keep", "purge"),
                "changedAt", nullableDateTime("when the applied window was set"),
                "changedBy", nullableString("engine (new or longer windows) or who confirmed a shorter one"),
                "messages", integer("messages kept, as last counted"), "bytes", integer("their payload bytes"),
                "oldestReceivedAt", nullableDateTime("the oldest message kept"),
                "held", integer("messages past the window still kept: pending, or quarantined (unless purge)")));
        s.put("Retention", object(List.of("default", "auditKeep", "interfaces"),
                "default", string("ductus.yaml's retention: the window of interfaces that do not say"),
                "auditKeep", string("audit.keep: how long audit rows are kept"), "auditRows", integer("audit rows, as last counted"),
                "countedAt", nullableDateTime("when the last run counted (hourly; null before the first run)"),
                "databaseBytes", integer("the database's size"), "freeBytes", integer("of it free for reuse (SQLite)"),
                "lastRun", ref("RetentionRun"), "interfaces", array(ref("InterfaceRetention"))));
        s.put("RetentionRun", object(List.of("deleted"), "startedAt", nullableDateTime("when it started"), "millis", integer("how long it took"),
                "purgeMillis", integer("of it, deleting expired messages"), "reclaimMillis", integer("of it, giving free pages back (SQLite)"),
                "deleted", integer("messages deleted"), "keptPastWindow", integer("messages past their window kept"),
                "auditDeleted", integer("audit rows deleted"), "pagesReclaimed", integer("free pages given back (SQLite)"),
                "longestBatchMillis", Map.of("type", "number", "description", "the longest a purge batch's statements held the database's writer"),
                "error", nullableString("why it failed; the next one tries again")));
        s.put("Drain", object(List.of("draining", "drained", "pending", "pendingPaused"),
                "draining", bool("no source takes input"), "since", nullableDateTime("when the drain started"),
                "drained", bool("draining and nothing pending for a destination that is not paused: safe to stop"),
                "pending", integer("deliveries still pending for destinations that are not paused"),
                "pendingPaused", integer("deliveries waiting for paused destinations (they wait for a resume, not for the drain)")));
        s.put("EngineList", object(List.of("items"), "items", array(object(List.of("id", "host", "pid", "version", "startedAt", "state", "owns"),
                "id", string("the engine run's id (its start logged it; a restart is a new run)"), "host", string("the host it runs on"),
                "pid", integer("its process id"), "version", string("its version"), "startedAt", dateTime("when this run started"),
                "state", enumeration("running delivers its share; draining hands its interfaces to the others (it still receives)",
                        "running", "draining", "stopped"),
                "owns", array(string("an interface this engine delivers now, sorted by name"))))));
        s.put("InterfaceMove", object(List.of("to"), "to", string("the id of the live engine to deliver the interface from now on")));
        s.put("EventStream", string("server-sent events: 'id:', 'event:' and one 'data:' line of JSON each; the data of each"
                + " event type is the schema x-ductus-events names; see docs/rest-api.md"));
        s.put("ReceivedEvent", object(List.of("messageId", "interface", "duplicate"), "messageId", integer("the message stored"),
                "interface", string("its interface"), "duplicate", bool("stored as a duplicate (not delivered)")));
        s.put("DeliveryEvent", object(List.of("messageId", "interface", "destination", "outcome", "attempts"),
                "messageId", integer("the message"), "interface", string("its interface"), "destination", string("the destination"),
                "outcome", enumeration("what was recorded; retry leaves it pending", "sent", "filtered", "quarantined", "retry"),
                "attempts", integer("sends tried so far")));
        s.put("DestinationCount", object(List.of("interface", "destination", "pending", "quarantined"), "interface", string("the interface"),
                "destination", string("the destination"), "pending", integer("deliveries waiting"),
                "quarantined", integer("deliveries quarantined")));
        s.put("CountsEvent", object(List.of("destinations"), "destinations", array(ref("DestinationCount"))));
        s.put("InterfaceEvent", object(List.of("interface", "state", "reason"), "interface", string("the interface"),
                "state", enumeration("its state now", "running", "draining", "not listening", "stopped", "not loaded"),
                "reason", nullableString("why it does not run as it should")));
        s.put("DestinationEvent", object(List.of("interface", "destination", "paused"), "interface", string("the interface"),
                "destination", string("the destination"), "paused", bool("paused now")));
        s.put("MessagesEvent", object(List.of("action", "messageIds", "count"),
                "action", enumeration("what an operator did", "resend", "edit", "dismiss"),
                "messageIds", array(integer("a message concerned")), "count", integer("how many messages")));
        s.put("HealthEvent", object(List.of("interface", "destination", "state", "reason"), "interface", string("the interface"),
                "destination", nullableString("the destination; null for the interface's own health"), "state", ref("HealthState"),
                "reason", nullableString("what to look at; null when ok")));
        s.put("AlertChangedEvent", object(List.of("id", "target", "status", "state", "severity"), "id", integer("the alert (GET /api/v1/alerts/{id})"),
                "target", string("what it is about: an interface, or interface/destination"), "status", string("what happened to it"),
                "state", string("the health state it is about"), "severity", string("its severity")));
        s.put("ReplayEvent", object(List.of("id", "status", "messages", "total", "kinds"), "id", integer("the replay (GET /api/v1/replays/{id})"),
                "status", enumeration("where it is", "queued", "running", "done", "cancelled", "failed"),
                "messages", integer("messages replayed so far"), "total", integer("messages the period holds"),
                "kinds", anyObject("rows so far per kind: same, changed, decision_changed, error, not_comparable, drift")));
        s.put("DrainEvent", object(List.of("draining"), "draining", bool("whether the engine drains now")));
        s.put("ResyncEvent", object(List.of("reason"), "reason", string("why: read the state again (GET /api/v1/interfaces) and follow on")));
        s.put("Metrics", string("Prometheus text format 0.0.4; see docs/rest-api.md for the names"));
        s.put("OpenApi", anyObject("this document"));
        s.put("SignIn", object(List.of("username", "password"), "username", string("the user's name"),
                "password", string("the user's password")));
        s.put("Me", object(List.of("actor", "via", "role", "permissions", "mustChangePassword"),
                "actor", string("user:NAME or token:NAME, as the audit log names the caller"),
                "via", enumeration("how the caller signed in", "session", "token"),
                "user", nullableString("the user (or the token's owner), or null for a service token"),
                "token", nullableString("the token's name, or null for a session"),
                "role", ref("Role"), "permissions", array(ref("Permission")),
                "mustChangePassword", bool("an admin chose the password: only getMe, changeMyPassword and deleteSession work until it is changed")));
        s.put("Session", object(List.of("me", "csrfToken", "idleTimeoutSeconds", "absoluteTimeoutSeconds"),
                "me", ref("Me"),
                "csrfToken", string("send it as X-CSRF-Token with every request that changes something"),
                "idleTimeoutSeconds", integer("the session ends after this long without a request"),
                "absoluteTimeoutSeconds", integer("the session ends this long after sign-in")));
        s.put("PasswordChange", object(List.of("currentPassword", "newPassword"),
                "currentPassword", string("the password now"), "newPassword", string("at least 12 characters")));
        s.put("PasswordSet", object(List.of("password"), "password", string("at least 12 characters; the user must change it at next sign-in")));
        s.put("Role", enumeration("viewer < operator < admin", "viewer", "operator", "admin"));
        s.put("Permission", enumeration("beyond the role: payloads (message contents), audit (the audit log)", "payloads", "audit"));
        s.put("User", object(List.of("id", "username", "role", "permissions", "mustChangePassword", "locked"),
                "id", integer("the user's id"), "username", string("the name to sign in with"), "role", ref("Role"),
                "permissions", array(ref("Permission")), "mustChangePassword", bool("an admin chose the password"),
                "locked", bool("too many wrong passwords: sign-in refused until lockedUntil"),
                "lockedUntil", nullableDateTime("when the lockout ends"), "createdAt", dateTime("when the user was made"),
                "passwordChangedAt", nullableDateTime("when the password was last set")));
        s.put("UserList", object(List.of("users"), "users", array(ref("User"))));
        s.put("NewUser", object(List.of("username", "role", "password"),
                "username", string("1 to 64 letters, digits, '.', '_', '@' or '-'"), "role", ref("Role"),
                "permissions", array(ref("Permission")),
                "password", string("at least 12 characters; the user must change it at first sign-in")));
        s.put("Token", object(List.of("id", "name", "role", "permissions", "createdAt", "createdBy"),
                "id", integer("the token's id"), "name", string("what it is for"), "role", ref("Role"),
                "permissions", array(ref("Permission")),
                "owner", nullableString("the user it acts for (never with more than they may), or null for a service token"),
                "createdAt", dateTime("when it was made"), "createdBy", string("who made it"),
                "revokedAt", nullableDateTime("when it was revoked; a revoked token is refused")));
        s.put("TokenList", object(List.of("tokens"), "tokens", array(ref("Token"))));
        s.put("NewToken", object(List.of("name", "role"),
                "name", string("1 to 64 letters, digits, '.', '_', '@' or '-'"), "role", ref("Role"),
                "permissions", array(ref("Permission")),
                "owner", nullableString("a user the token acts for: it may not be given more than they have")));
        s.put("CreatedToken", object(List.of("token", "secret"), "token", ref("Token"),
                "secret", string("dux_ and 64 hex digits: shown only this once; send it as Authorization: Bearer")));
        s.put("AuditEntry", object(List.of("id", "at", "actor", "via", "action", "outcome"),
                "id", integer("increasing: newer rows have higher ids"), "at", dateTime("when"),
                "actor", string("user:NAME, token:NAME, cli:OS-USER or anonymous"),
                "via", string("session, token, cli or anonymous"), "address", nullableString("the caller's IP address"),
                "action", string("what was done, e.g. user.create, token.revoke, session.refused"),
                "target", nullableString("to what, e.g. user:alice"), "outcome", enumeration("ok or refused", "ok", "refused"),
                "detail", Map.of("description", "more about it (a JSON value), or null")));
        s.put("AuditPage", object(List.of("entries"), "entries", array(ref("AuditEntry")),
                "next", Map.of("type", List.of("integer", "null"), "description", "pass as before= for the next page; null at the end")));
        s.put("MessageStatus", enumeration("a message's status, from its deliveries", "pending", "sent", "filtered", "quarantined", "duplicate"));
        s.put("DeliveryStatus", enumeration("where one delivery stands (a retry stays pending)", "pending", "sent", "filtered", "quarantined"));
        s.put("MessageSummary", object(List.of("id", "interface", "receivedAt", "status", "size", "lane"),
                "id", integer("increasing in the order messages were stored"), "interface", string("the interface that received it"),
                "receivedAt", dateTime("when it was stored"), "status", ref("MessageStatus"),
                "size", integer("the payload's length in bytes"), "charset", nullableString("the payload's charset"),
                "orderingKey", nullableString("the ordering key read from it"), "lane", integer("the lane it was sent in"),
                "dedupeKey", nullableString("the dedupe key read from it"),
                "duplicateOf", nullableInteger("the message that claimed its dedupe key first"),
                "settledAt", nullableDateTime("when its status left pending"),
                "editedFrom", nullableInteger("the message this one is an edited copy of")));
        s.put("MessagePage", object(List.of("messages", "next", "scanLimitReached"), "messages", array(ref("MessageSummary")),
                "next", nullableInteger("pass as before= for the next page; null at the end"),
                "scanLimitReached", bool("a text search read scanLimit messages before filling the page: go on with before=next")));
        s.put("Delivery", object(List.of("destination", "status", "attempts", "updatedAt"), "destination", string("the destination"),
                "status", ref("DeliveryStatus"), "attempts", integer("sends tried"),
                "nextAttemptAt", nullableDateTime("when the next retry is due"),
                "lastError", nullableString("the last error, filter or quarantine reason"),
                "outputSize", nullableInteger("the saved output's size in bytes (save_output), null when none was saved"),
                "revision", nullableInteger("the interface's revision whose code decided its last outcome; null before any"),
                "updatedAt", dateTime("when it last changed")));
        s.put("Message", Map.of("allOf", List.of(ref("MessageSummary"), object(List.of("deliveries", "editedCopies"),
                "origin", nullableString("where it came from, as its source said (e.g. remote=10.1.2.3:51234)"),
                "deliveries", array(ref("Delivery")), "editedCopies", array(integer("an edited copy's id, oldest first"))))));
        s.put("Payload", string("the stored bytes exactly, as text/plain with the charset they were stored with"));
        s.put("QuarantinedDelivery", object(List.of("message", "destination", "attempts", "lastError", "quarantinedAt"),
                "message", ref("MessageSummary"), "destination", string("the destination"), "attempts", integer("sends tried"),
                "lastError", string("why it was quarantined"), "quarantinedAt", dateTime("when")));
        s.put("QuarantinePage", object(List.of("deliveries", "next"), "deliveries", array(ref("QuarantinedDelivery")),
                "next", Map.of("type", List.of("object", "null"),
                        "description", "pass its before and beforeDestination for the next page; null at the end")));
        s.put("Resend", object(List.of("ids"), "ids", array(integer("a message id")),
                "destinations", array(string("send to these again whatever they ended as; none: each message's quarantined deliveries"))));
        s.put("ResendQuarantined", object(List.of("interface"), "interface", string("the interface whose quarantined messages go again"),
                "from", string("received at or after: a date such as 2026-12-01 (the start of that day, UTC) or an instant"),
                "to", string("received before: a date (the start of that day, UTC) or an instant")));
        s.put("ResentQuarantined", object(List.of("interface", "messages", "deliveries", "batches"),
                "interface", string("the interface"), "messages", integer("messages sent again"),
                "deliveries", integer("quarantined deliveries back to pending"),
                "batches", integer("transactions they were resent in, at most " + ResendRequest.MAX_MESSAGES + " messages each")));
        s.put("RetriedNow", object(List.of("interface", "destination", "waiting"), "interface", string("the interface"),
                "destination", string("the destination"), "waiting", integer("deliveries that waited for their back-off and are due now")));
        s.put("Dismiss", object(List.of("ids", "reason"), "ids", array(integer("a message id")),
                "destinations", array(string("only these destinations' quarantined deliveries; none: all of them")),
                "reason", string("why they need no sending: kept as each delivery's last error")));
        s.put("Edit", object(List.of("payload"), "payload", string("the corrected message"),
                "charset", nullableString("its charset; the original's when left out"),
                "destinations", array(string("the destinations the copy goes to; none: the original's quarantined ones"))));
        s.put("DeliveryChange", object(List.of("messageId", "destination", "before", "after"), "messageId", integer("the message"),
                "destination", string("the destination"), "before", ref("DeliveryStatus"), "after", ref("DeliveryStatus")));
        s.put("MessageChange", object(List.of("messageId", "before", "after"), "messageId", integer("the message"),
                "before", ref("MessageStatus"), "after", ref("MessageStatus")));
        s.put("Changed", object(List.of("deliveries", "messages"), "deliveries", array(ref("DeliveryChange")),
                "messages", array(ref("MessageChange"))));
        s.put("Edited", object(List.of("copyId", "interface", "destinations", "original"), "copyId", integer("the corrected copy's id"),
                "interface", string("the interface it is a message of"), "destinations", array(string("where the copy goes")),
                "original", ref("Changed")));
        alerts(s);
        design(s);
        replay(s);
        return s;
    }

    private static void alerts(Map<String, Object> s) {
        s.put("Alert", object(List.of("id", "target", "kind", "status", "told", "episode"),
                "id", integer("the alert's id"), "target", string("adt (an interface), adt/lab (a destination), engine, …"),
                "kind", string("interface, destination, engine"), "interface", nullableString("the interface it belongs to"),
                "status", enumeration("where it stands", "ok", "holding", "firing", "recovering"),
                "state", nullableString("the health state it is about"), "severity", nullableString("info, warning or critical"),
                "reason", nullableString("why, as judged when it last changed"), "rule", nullableString("the rule that covers it"),
                "since", nullableDateTime("when the bad spell began"), "firedAt", nullableDateTime("when anyone was (or would have been) told"),
                "escalatedAt", nullableDateTime("when it escalated by time"),
                "acknowledgedAt", nullableDateTime("when an operator acknowledged it"), "acknowledgedBy", nullableString("who"),
                "told", array(string("a channel told in this episode")), "episode", integer("how many times it fired")));
        s.put("AlertList", object(List.of("alerts"), "alerts", array(ref("Alert"))));
        s.put("AlertEvent", object(List.of("id", "alert", "target", "at", "what", "status"),
                "id", integer("increasing"), "alert", integer("the alert"), "target", string("its target"), "at", dateTime("when"),
                "what", string("fired, escalated, changed, reminded, reopened, recovered, acknowledged, notified"),
                "status", string("the alert's status after it"), "state", nullableString("the state"), "severity", nullableString("the severity"),
                "detail", nullableString("what an operator should read"), "actor", nullableString("who did it (acknowledged), null for the engine"),
                "episode", integer("which firing it belongs to")));
        s.put("AlertHistory", object(List.of("events", "next"), "events", array(ref("AlertEvent")),
                "next", nullableInteger("pass as before= for the next page; null at the end")));
        s.put("Notification", object(List.of("id", "channel", "kind", "severity", "status", "attempts"),
                "id", integer("the outbox row"), "alert", nullableInteger("the alert, null for a test"), "channel", string("the channel"),
                "kind", string("fired, escalated, reminder, recovered, test"), "target", nullableString("the alert's target"),
                "severity", string("the severity"), "state", nullableString("the state"), "reason", nullableString("why"),
                "createdAt", dateTime("when it was made"), "dueAt", dateTime("when it may be sent (groups, quiet hours, retries)"),
                "status", enumeration("where it stands", "waiting", "sent", "failed", "cancelled"), "attempts", integer("sends tried"),
                "lastError", nullableString("why the last try failed"), "sentAt", nullableDateTime("when it was sent")));
        s.put("NotificationList", object(List.of("notifications", "next"), "notifications", array(ref("Notification")),
                "next", nullableInteger("pass as before= for the next page; null at the end")));
        s.put("AlertDetail", Map.of("allOf", List.of(ref("Alert"), object(List.of("history", "notifications"),
                "history", array(ref("AlertEvent")), "notifications", array(ref("Notification"))))));
        s.put("Acknowledge", object(List.of(), "comment", nullableString("what is being done about it")));
        s.put("Silence", object(List.of("id", "target", "startsAt", "endsAt", "reason", "createdBy"),
                "id", integer("the silence"), "target", string("*, engine, an interface or interface/destination"),
                "startsAt", dateTime("from"), "endsAt", dateTime("until"), "reason", string("why nobody should be told"),
                "createdBy", string("who silenced it")));
        s.put("SilenceList", object(List.of("silences"), "silences", array(ref("Silence"))));
        s.put("NewSilence", object(List.of("target", "reason"),
                "target", string("*, engine, an interface (with its destinations) or interface/destination"),
                "for", string("how long, such as 2h (or give until)"), "until", string("until when, such as 2026-12-07T18:00:00Z"),
                "reason", string("why nobody should be told")));
        s.put("ChannelList", object(List.of("channels", "smtp"), "channels", array(object(List.of("name", "type", "to"),
                "name", string("the channel"), "type", enumeration("how", "email", "webhook"),
                "format", nullableString("a webhook's format: json, slack or teams"), "to", array(string("an email address")))),
                "smtp", bool("whether alerts.smtp names a mail server")));
        s.put("Hotspots", object(List.of("destinations"), "destinations", array(object(List.of("interface", "destination", "waiting", "hotspots"),
                "interface", string("the interface"), "destination", string("the destination"), "waiting", integer("deliveries waiting"),
                "hotspots", array(object(List.of("kind", "waiting", "detail"),
                        "kind", enumeration("what was found", "blocked_lane", "receiver_down", "hot_lane", "unowned_lane"),
                        "lane", nullableInteger("the lane"), "key", nullableString("the ordering key of its first message"),
                        "waiting", integer("messages waiting there"), "detail", string("in words")))))));
    }

    /** Revisions, drafts, deploys and trials (docs/designing.md). */
    private static void design(Map<String, Object> s) {
        Map<String, Object> files = Map.of("type", "object", "additionalProperties", Map.of("type", "string"),
                "description", "path relative to the project folder (interfaces/NAME/…, lib/…) → the file's text (UTF-8)");
        Map<String, Object> binaryFiles = Map.of("type", "object", "additionalProperties", Map.of("type", "string", "contentEncoding", "base64"),
                "description", "files that are not UTF-8 text: path → base64");
        s.put("FileProblem", object(List.of("file", "line", "column", "field", "message", "text"),
                "file", string("the file, relative to the project folder"), "line", integer("from 1"), "column", integer("from 1"),
                "field", string("the key path (destinations.lab.transform), empty for the file as a whole"),
                "message", string("what is wrong and what was expected"), "text", string("file:line:column: field: message")));
        s.put("RevisionSummary", object(List.of("interface", "revision", "status", "origin", "createdAt"),
                "interface", string("the interface"), "revision", integer("1, 2, 3… per interface"),
                "hash", nullableString("SHA-256 of its files; null for a removal"),
                "status", enumeration("deploying (under way), deployed, failed (the one before went on running), removed",
                        "deploying", "deployed", "failed", "removed"),
                "origin", enumeration("how it came", "api", "disk", "start", "rollback"),
                "author", nullableString("user:NAME or token:NAME; engine for what the start found"),
                "message", nullableString("what the author said of it"), "basedOn", nullableInteger("the revision it was made from"),
                "createdAt", dateTime("when it was begun"), "finishedAt", nullableDateTime("when its deploy ended"),
                "reason", nullableString("why it failed, or what a removal filtered")));
        s.put("RevisionList", object(List.of("interface", "revisions"), "interface", string("the interface"),
                "current", nullableInteger("its current revision (the newest deployed or removed one)"),
                "running", nullableInteger("the revision this engine runs"),
                "revisions", array(ref("RevisionSummary")), "next", nullableInteger("pass as before= for the next page; null at the end")));
        s.put("Revision", Map.of("allOf", List.of(ref("RevisionSummary"), object(List.of("files"), "files", files,
                "binaryFiles", binaryFiles))));
        s.put("Diff", object(List.of("interface", "from", "to", "files", "patch"), "interface", string("the interface"),
                "from", anyObject("{revision: N}, {draft: true, base}, {running: true, revision} or {none: true}"),
                "to", anyObject("as from"),
                "files", array(object(List.of("path", "change", "added", "removed", "diff"), "path", string("the file"),
                        "change", enumeration("what happened to it", "added", "removed", "changed"),
                        "added", integer("lines added"), "removed", integer("lines removed"),
                        "diff", string("its unified diff (a/ and b/ prefixes, 3 lines of context)"))),
                "patch", string("every file's diff in one, for git apply")));
        s.put("Deploy", object(List.of(), "base", nullableInteger("the revision the files were made from; null for a new interface"
                        + " (required with files)"), "files", files, "binaryFiles", binaryFiles,
                "draft", bool("deploy your draft instead of files (its base unless base is given); the draft is deleted once deployed"),
                "message", nullableString("what changed, for the history")));
        s.put("Rollback", object(List.of("revision"), "revision", integer("the revision whose files to deploy again"),
                "base", nullableInteger("the current revision as you saw it (default: whatever is current)"),
                "message", nullableString("why, for the history")));
        s.put("Remove", object(List.of("base"), "base", nullableInteger("the current revision as you saw it"),
                "filterPending", bool("filter the interface's pending deliveries (with the reason) rather than refuse"),
                "reason", nullableString("why: kept with the removal, and as each filtered delivery's last error")));
        s.put("DeployFromDisk", object(List.of(), "interfaces", array(string("only these (default: every interface)")),
                "message", nullableString("what changed, for the history"),
                "filterPending", bool("for interfaces whose folder is gone: filter their pending deliveries rather than refuse"),
                "reason", nullableString("why they were removed")));
        Map<String, Object> deployed = object(List.of("interface", "changed", "revision", "notes"), "interface", string("the interface"),
                "changed", bool("false when the files were those it runs already: nothing was done"),
                "revision", ref("RevisionSummary"),
                "swap", Map.of("type", List.of("object", "null"), "description", "how it took the revision: running, reason (why not),"
                        + " live (a swap in place), gateClosedMs (how long its input waited at the closed gate), handoverMs (until the new"
                        + " revision's workers ran), drained (the old code delivered what was"
                        + " stored before), sourceKept (its listener and connections stayed)"),
                "tests", Map.of("type", List.of("object", "null"), "description", "files, passed, failed"),
                "notes", array(string("what else to know")));
        s.put("Deployed", deployed);
        // Each interface's entry is a Deployed (but for a refusal: then title, detail and problems instead).
        Map<String, Object> fromDisk = new LinkedHashMap<>(properties(deployed));
        fromDisk.put("outcome", enumeration("what happened", "deployed", "unchanged", "removed", "refused"));
        fromDisk.put("title", string("why refused, in a few words"));
        fromDisk.put("detail", string("why refused"));
        fromDisk.put("problems", array(ref("FileProblem")));
        s.put("DeployedFromDisk", object(List.of("interfaces"), "interfaces", array(Map.of("type", "object",
                "required", List.of("interface", "outcome"), "properties", fromDisk))));
        Map<String, Object> draftSummary = object(List.of("interface", "owner", "files", "baseIsCurrent", "updatedAt"),
                "interface", string("the interface (maybe a new one)"), "owner", string("whose: user:NAME or token:NAME"),
                "base", nullableInteger("the revision it was started from; null for a new interface"),
                "current", nullableInteger("the interface's current revision now"),
                "baseIsCurrent", bool("false when someone deployed since the draft was started: look at the diff before deploying"),
                "files", integer("how many files it has (its files with GET …/draft)"),
                "createdAt", dateTime("first saved"), "updatedAt", dateTime("last saved"));
        s.put("DraftSummary", draftSummary);
        s.put("DraftList", object(List.of("drafts"), "drafts", array(ref("DraftSummary"))));
        s.put("Draft", Map.of("allOf", List.of(ref("DraftSummary"), object(List.of("files"), "files", files, "binaryFiles", binaryFiles))));
        s.put("DraftSave", object(List.of("files"), "base", nullableInteger("the revision it was started from; null for a new interface"),
                "files", files, "binaryFiles", binaryFiles));
        s.put("Trial", object(List.of(), "code", enumeration("whose code: your draft (the default when you have one), the deployed"
                        + " revision, or the files sent", "draft", "deployed", "files"), "files", files,
                "messages", array(object(List.of("payload"), "payload", string("the message"),
                        "charset", nullableString("its charset (default: read as intake reads it)"))),
                "messageIds", array(integer("a stored message (needs the payloads permission; logged as a payload read)")),
                "compare", enumeration("compare outputs with the input (default) or with the deployed revision's outputs", "input", "deployed"),
                "destinations", array(string("only these destinations (default: all)")),
                "live", bool("services read live (db queries, GET fetches, env, secret; audited) instead of the mocks; writes are always refused"),
                "mocks", anyObject("as in ductus test: {db: [{database, sql, rows | rowsAffected | error}], fetch: [{url, method, status,"
                        + " body, headers}], env: {NAME: value}, secret: {NAME: value}}; a call nobody mocked fails, saying how to mock it")));
        Map<String, Object> outcome = object(List.of("decision", "runaway"),
                "decision", enumeration("what a worker would do", "sent", "filtered", "quarantined", "retry"),
                "reason", nullableString("why filtered, quarantined or retried, as the delivery's last error would say"),
                "runaway", bool("the code ran past its timeout and was stopped"),
                "output", nullableString("what would be delivered"), "charset", nullableString("the output's charset"));
        s.put("TrialOutcome", outcome);
        Map<String, Object> difference = object(List.of("path"), "path", string("PID-5.1, $.name[0] or line 3"),
                "before", nullableString("the value before"), "after", nullableString("the value after"));
        Map<String, Object> call = object(List.of("service", "outcome"), "service", string("db.query, db.execute, fetch, env, secret"),
                "target", nullableString("the database, URL or name"), "detail", nullableString("the SQL or method"),
                "outcome", string("what came of it"));
        Map<String, Object> destination = object(List.of("destination", "differences", "log", "serviceCalls"),
                "destination", string("the destination"),
                "comparedWith", nullableString("input or deployed"), "comparedBy", nullableString("hl7, json or text"),
                "differences", array(difference),
                "deployed", Map.of("oneOf", List.of(ref("TrialOutcome"), Map.of("type", "null"))),
                "decisionChanged", bool("the deployed revision decides otherwise"),
                "log", array(string("a line the code wrote to the console")),
                "serviceCalls", array(call),
                "tookMs", Map.of("type", "number", "description", "how long its transform took"));
        Map<String, Object> message = object(List.of("label", "destinations"), "label", string("message 1, … or message ID"),
                "id", nullableInteger("the stored message tried"),
                "destinations", array(Map.of("allOf", List.of(ref("TrialOutcome"), destination))));
        s.put("TrialResult", object(List.of("interface", "code", "problems", "messages"), "interface", string("the interface"),
                "code", string("draft, deployed or files"), "services", string("mocked or live reads"),
                "problems", array(ref("FileProblem")), "comparedWithRevision", nullableInteger("the deployed revision compared with"),
                "cached", bool("the code was checked and loaded before: only the transforms ran"),
                "tookMs", Map.of("type", "number", "description", "how long the trial took on the server"),
                "messages", array(message)));
        s.put("Check", object(List.of(), "code", enumeration("whose code: your draft (the default when you have one), the deployed"
                + " revision, or the files sent", "draft", "deployed", "files"), "files", files));
        s.put("CheckResult", object(List.of("interface", "code", "problems"), "interface", string("the interface"),
                "code", string("draft, deployed or files"), "problems", array(ref("FileProblem"))));
        s.put("TestRun", object(List.of(), "code", enumeration("whose code: your draft (the default when you have one), the deployed"
                + " revision, or the files sent", "draft", "deployed", "files"), "files", files));
        Map<String, Object> failure = object(List.of("message", "text"), "message", string("what went wrong: the expectation, the error,"
                        + " or the call nobody mocked and how to mock it"),
                "expected", nullableString("what the expectation wanted, as JavaScript"), "actual", nullableString("what it got, as JavaScript"),
                "line", nullableInteger("the test file's line it happened at"),
                "thrownAt", nullableString("file:line where the error was thrown, when in another file (the transform, lib/)"),
                "text", string("file:line:column: message, as a refused deploy names it"));
        s.put("TestFailure", failure);
        s.put("TestRunResult", object(List.of("interface", "code", "problems", "ran", "passed", "failed", "files"),
                "interface", string("the interface"), "code", string("draft, deployed or files"),
                "problems", array(ref("FileProblem")), "ran", bool("false when the files have problems: then no test ran"),
                "passed", integer("tests passed"), "failed", integer("tests failed, and test files that do not load"),
                "files", array(object(List.of("path", "passed", "failed", "tests"), "path", string("the test file (interfaces/NAME/tests/….test.js)"),
                        "passed", integer("its tests passed"), "failed", integer("its tests failed (and 1 when it does not load)"),
                        "loadFailure", Map.of("oneOf", List.of(ref("TestFailure"), Map.of("type", "null"))),
                        "tests", array(object(List.of("name", "passed", "output"), "name", string("the test's name"),
                                "passed", bool("it passed"), "tookMs", Map.of("type", "number", "description", "how long it ran"),
                                "failure", Map.of("oneOf", List.of(ref("TestFailure"), Map.of("type", "null"))),
                                "output", array(string("a line the code wrote to the console")))))),
                "tookMs", Map.of("type", "number", "description", "how long the check and the tests took on the server")));
        s.put("TestRecord", object(List.of("destination"), "code", enumeration("whose code: as for a test run", "draft", "deployed", "files"),
                "files", files, "destination", string("the destination whose outcome the test pins"),
                "messages", array(object(List.of("payload"), "payload", string("the message"),
                        "charset", nullableString("its charset (default: read as intake reads it)"))),
                "messageIds", array(integer("or a stored message (needs the payloads permission; logged as a payload read)")),
                "name", nullableString("the test's name (default: the sample and the destination)"),
                "mocks", anyObject("as in a trial")));
        s.put("TestRecorded", object(List.of("interface", "path", "text", "expects"), "interface", string("the interface"),
                "path", string("a path in the interface's tests/ folder that the files sent do not have yet"),
                "text", string("the test file: add it to your draft (nothing was saved)"),
                "expects", enumeration("what the test expects", "sent", "filtered", "quarantined", "retry")));
        s.put("JsonSchema", anyObject("a JSON Schema (draft 2020-12) of the file"));
    }

    private static void replay(Map<String, Object> s) {
        s.put("ReplayStart", object(List.of("candidate"),
                "interface", string("the interface to replay (or interfaces)"), "interfaces", array(string("interfaces to replay")),
                "from", dateTime("the period's start (received at or after)"), "to", dateTime("the period's end (before; default now)"),
                "last", string("instead of from and to: the period up to now, such as 7d or 12h"),
                "candidate", enumeration("the code to replay: your draft, a recorded revision, files sent, or the deployed code (a determinism check)",
                        "draft", "revision", "files", "deployed"),
                "revision", integer("the revision, for candidate revision"),
                "files", anyObject("for candidate files: path → text (interfaces/NAME/… and lib/…)"),
                "binaryFiles", anyObject("for candidate files: path → base64"),
                "ignore", array(string("paths not compared, such as MSH-7 or $.meta (a path covers what is below it)")),
                "destinations", array(string("only these destinations (default: all)"))));
        Map<String, Object> kinds = object(List.of(), "same", integer("rows that came out the same"), "changed", integer("outputs differ"),
                "decision_changed", integer("sent, filtered and quarantined: another decision"), "error", integer("the candidate threw or ran away"),
                "not_comparable", integer("writes refused, retries, nothing on record"), "drift", integer("the recorded revision decides otherwise now"));
        Map<String, Object> summary = object(List.of(), "messages", integer("messages replayed"), "total", integer("messages in the period"),
                "rows", integer("messages × destinations"), "kinds", kinds,
                "topFields", array(object(List.of("field", "rows"), "field", string("a path"), "rows", integer("rows where it changed"))),
                "seconds", Map.of("type", "number", "description", "time so far"),
                "messagesPerSecond", integer("rate"), "rowsPerSecond", integer("rate"), "transforms", integer("candidate transforms run"),
                "transformSeconds", Map.of("type", "number", "description", "time in the candidate's transforms"),
                "transformsPerSecond", integer("the transforms' own rate"),
                "status", string("done, cancelled or failed, once ended"), "reason", string("why it stopped early"));
        s.put("Replay", object(List.of("id", "status"), "id", integer("the replay"),
                "status", enumeration("where it is", "running", "done", "cancelled", "failed"),
                "createdBy", string("who started it"), "createdAt", dateTime("when"), "finishedAt", nullableDateTime("when it ended"),
                "request", anyObject("what was asked: interfaces, period, candidate, ignore, destinations"), "summary", summary));
        s.put("ReplayList", object(List.of("replays"), "replays", array(ref("Replay"))));
        Map<String, Object> difference = object(List.of("path"), "path", string("PID-5.1, $.name[0], /order/item[2] or line 3"),
                "before", nullableString("the recorded (baseline) value"), "after", nullableString("the candidate's value"));
        Map<String, Object> row = object(List.of("messageId", "destination", "kind"), "interface", string("the interface"),
                "messageId", integer("the stored message"), "destination", string("the destination"),
                "kind", enumeration("what it came to", "changed", "decision_changed", "error", "not_comparable", "drift"),
                "fields", array(string("the paths that changed")), "receivedAt", dateTime("when the message was received"),
                "note", nullableString("why, when the kind alone does not say"),
                "recorded", nullableString("the recorded decision"), "recordedReason", nullableString("its reason"),
                "candidate", nullableString("the candidate's decision"), "candidateReason", nullableString("its reason"),
                "revision", nullableInteger("the revision that decided the record"),
                "baseline", nullableString("kept output, revision N run again, or decision"),
                "comparedBy", nullableString("hl7, json, xml or text"), "differences", array(difference));
        s.put("ReplayTest", object(List.of("messageId", "destination"), "messageId", integer("the row's message"),
                "destination", string("the row's destination")));
        s.put("ReplayTestMade", object(List.of("interface", "path", "expects"), "interface", string("whose draft"),
                "path", string("the test file written into your draft"),
                "expects", enumeration("what the test expects", "sent", "filtered", "quarantined", "retry"),
                "draftFiles", integer("how many files the draft has now")));
        s.put("ReplayRows", object(List.of("replay", "rows"), "replay", integer("the replay"), "rows", array(row),
                "next", nullableString("give as after for the next page; null at the end")));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> properties(Map<String, Object> objectSchema) {
        return (Map<String, Object>) objectSchema.get("properties");
    }

    static Map<String, Object> ref(String name) {
        return Map.of("$ref", "#/components/schemas/" + name);
    }

    private static Map<String, Object> object(List<String> required, Object... properties) {
        Map<String, Object> props = new LinkedHashMap<>();
        for (int i = 0; i < properties.length; i += 2) props.put((String) properties[i], properties[i + 1]);
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("required", required);
        schema.put("properties", props);
        return schema;
    }

    private static Map<String, Object> anyObject(String description) {
        return Map.of("type", "object", "description", description);
    }

    private static Map<String, Object> array(Map<String, Object> items) {
        return Map.of("type", "array", "items", items);
    }

    private static Map<String, Object> string(String description) {
        return Map.of("type", "string", "description", description);
    }

    private static Map<String, Object> nullableString(String description) {
        return Map.of("type", List.of("string", "null"), "description", description);
    }

    private static Map<String, Object> nullableInteger(String description) {
        return Map.of("type", List.of("integer", "null"), "description", description);
    }

    private static Map<String, Object> dateTime(String description) {
        return Map.of("type", "string", "format", "date-time", "description", description);
    }

    private static Map<String, Object> nullableDateTime(String description) {
        return Map.of("type", List.of("string", "null"), "format", "date-time", "description", description);
    }

    private static Map<String, Object> integer(String description) {
        return Map.of("type", "integer", "description", description);
    }

    private static Map<String, Object> bool(String description) {
        return Map.of("type", "boolean", "description", description);
    }

    private static Map<String, Object> enumeration(String description, String... values) {
        return Map.of("type", "string", "enum", Arrays.asList(values), "description", description);
    }
}
