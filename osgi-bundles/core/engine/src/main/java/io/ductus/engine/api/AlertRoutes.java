package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.alert.Channel;
import io.ductus.engine.alerts.AlertOperations;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.sdk.config.DurationText;
import io.ductus.store.alert.AlertEventRecord;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.NotificationRecord;
import io.ductus.store.alert.SilenceRecord;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Alerts for operators: what is open, history, acknowledging, silences, the outbox, channels and a test
 * notification per channel. Every change is written with its audit row.
 */
final class AlertRoutes {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

    private final Supplier<EngineRuntime> runtime;
    private final Clock clock;

    AlertRoutes(Supplier<EngineRuntime> runtime, Clock clock) {
        this.runtime = runtime;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/alerts", "listAlerts", "Alerts that are not ok: holding, firing or recovering")
                        .tag("alerts").returns(200, "AlertList").handle((r, c) -> list()),
                Route.get("/api/v1/alerts/{id}", "getAlert", "One alert with its latest history and notifications")
                        .tag("alerts").returns(200, "AlertDetail").handle((r, c) -> one(r)),
                Route.post("/api/v1/alerts/{id}/acknowledge", "acknowledgeAlert",
                                "Acknowledge a firing alert: no more reminders or escalation until it recovers")
                        .tag("alerts").body("Acknowledge").returns(200, "Alert").handle(this::acknowledge),
                Route.get("/api/v1/alert-history", "listAlertHistory", "What happened to alerts, newest first")
                        .tag("alerts").query("alert", "integer", "only this alert's").query("before", "integer", "only lines before this id")
                        .query("limit", "integer", "at most this many (default 100, at most 1000)")
                        .work(Work.READ).returns(200, "AlertHistory").handle((r, c) -> history(r)),
                Route.get("/api/v1/notifications", "listNotifications", "The notification outbox, newest first: waiting, sent, failed, cancelled")
                        .tag("alerts").query("status", "string", "waiting, sent, failed or cancelled")
                        .query("before", "integer", "only rows before this id").query("limit", "integer", "at most this many (default 100)")
                        .work(Work.READ).returns(200, "NotificationList").handle((r, c) -> notifications(r)),
                Route.get("/api/v1/silences", "listSilences", "Silences that have not ended")
                        .tag("alerts").returns(200, "SilenceList").handle((r, c) -> silences()),
                Route.post("/api/v1/silences", "createSilence", "Silence a target for a while: its alerts still change, nobody is told")
                        .tag("alerts").body("NewSilence").returns(201, "Silence").handle(this::silence),
                Route.delete("/api/v1/silences/{id}", "endSilence", "End a silence early")
                        .tag("alerts").returns(200, "Silence").handle(this::endSilence),
                Route.get("/api/v1/channels", "listChannels", "The alert channels of ductus.yaml (webhook URLs are not shown: they may be secrets)")
                        .tag("alerts").returns(200, "ChannelList").handle((r, c) -> channels()),
                Route.post("/api/v1/channels/{name}/test", "testChannel",
                                "Send a channel a test notification through the outbox and say whether it went")
                        .tag("alerts").returns(200, "Notification").handle(this::test));
    }

    private AlertOperations alerts() {
        EngineRuntime running = runtime.get();
        if (running == null) throw new ApiProblem(503, "Engine starting", "The engine is starting; try again in a moment.");
        return running.alerts().operations();
    }

    private ApiResponse list() {
        List<Map<String, Object>> all = new ArrayList<>();
        for (AlertRecord a : alerts().open()) all.add(alert(a));
        return ApiResponse.json(200, Map.of("alerts", all));
    }

    private ApiResponse one(ApiRequest request) {
        long id = request.pathId("id");
        AlertOperations ops = alerts();
        AlertRecord a = ops.alert(id).orElseThrow(() -> new ApiProblem(404, "Not found", "There is no alert " + id
                + ". GET /api/v1/alerts lists the open ones."));
        Map<String, Object> m = alert(a);
        m.put("history", ops.history(id, null, 50).stream().map(AlertRoutes::event).toList());
        m.put("notifications", ops.notifications(null, null, MAX_LIMIT).stream().filter(n -> n.alertId() != null && n.alertId() == id)
                .limit(50).map(AlertRoutes::notification).toList());
        return ApiResponse.json(200, m);
    }

    private ApiResponse acknowledge(ApiRequest request, Caller caller) {
        long id = request.pathId("id");
        String comment = request.json().path("comment").asText(null);
        try {
            AlertRecord a = alerts().acknowledge(id, caller.actor(), comment, stored -> Audits.of(caller, clock.millis(),
                    "alert.acknowledge", "alert:" + id + ":" + stored.target(), Audits.OK, comment == null ? null : Map.of("comment", comment)));
            return ApiResponse.json(200, alert(a));
        } catch (AlertOperations.Refused e) {
            throw refused(e);
        }
    }

    private ApiResponse history(ApiRequest request) {
        Long alert = request.queryLong("alert", 1, Long.MAX_VALUE);
        Long before = request.queryLong("before", 1, Long.MAX_VALUE);
        int limit = limit(request);
        List<AlertEventRecord> events = alerts().history(alert, before, limit);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", events.stream().map(AlertRoutes::event).toList());
        m.put("next", events.size() < limit ? null : events.get(events.size() - 1).id());
        return ApiResponse.json(200, m);
    }

    private ApiResponse notifications(ApiRequest request) {
        String status = request.queryText("status");
        if (status != null && !List.of("waiting", "sent", "failed", "cancelled").contains(status)) {
            throw ApiProblem.badRequest("query parameter status must be waiting, sent, failed or cancelled, not '" + status + "'.");
        }
        int limit = limit(request);
        List<NotificationRecord> rows = alerts().notifications(status, request.queryLong("before", 1, Long.MAX_VALUE), limit);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("notifications", rows.stream().map(AlertRoutes::notification).toList());
        m.put("next", rows.size() < limit ? null : rows.get(rows.size() - 1).id());
        return ApiResponse.json(200, m);
    }

    private ApiResponse silences() {
        return ApiResponse.json(200, Map.of("silences", alerts().silences().stream().map(AlertRoutes::silence).toList()));
    }

    private ApiResponse silence(ApiRequest request, Caller caller) {
        JsonNode body = request.json();
        String target = body.path("target").asText("").strip();
        if (target.isEmpty()) throw ApiProblem.badRequest("target is required: *, engine, an interface or interface/destination.");
        String reason = body.path("reason").asText(null);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("reason", reason);
        try {
            SilenceRecord s;
            if (body.hasNonNull("until")) {
                Instant until = until(body);
                detail.put("until", until.toString());
                s = alerts().silence(target, until, reason, caller.actor(), Audits.of(caller, clock.millis(), "alert.silence",
                        "silence:" + target, Audits.OK, detail));
            } else {
                Duration howLong = howLong(body);
                detail.put("for", body.get("for").asText());
                s = alerts().silenceFor(target, howLong, reason, caller.actor(), Audits.of(caller, clock.millis(), "alert.silence",
                        "silence:" + target, Audits.OK, detail));
            }
            return ApiResponse.json(201, silence(s));
        } catch (AlertOperations.Refused e) {
            throw refused(e);
        }
    }

    private static Instant until(JsonNode body) {
        try {
            return Instant.parse(body.get("until").asText());
        } catch (java.time.format.DateTimeParseException e) {
            throw ApiProblem.badRequest("until must be a time such as 2026-12-07T18:00:00Z, not '" + body.get("until").asText() + "'.");
        }
    }

    private static Duration howLong(JsonNode body) {
        if (!body.hasNonNull("for")) {
            throw ApiProblem.badRequest("say how long: for (such as 2h) or until (such as 2026-12-07T18:00:00Z).");
        }
        try {
            return DurationText.parse(body.get("for").asText());
        } catch (IllegalArgumentException e) {
            throw ApiProblem.badRequest("for: " + e.getMessage() + ".");
        }
    }

    private ApiResponse endSilence(ApiRequest request, Caller caller) {
        long id = request.pathId("id");
        boolean ended = alerts().endSilence(id, caller.actor(), Audits.of(caller, clock.millis(), "alert.unsilence", "silence:" + id,
                Audits.OK, null));
        if (!ended) throw new ApiProblem(404, "Not found", "There is no silence " + id + " that has not ended. GET /api/v1/silences lists them.");
        return ApiResponse.json(200, Map.of("id", id, "ended", true));
    }

    private ApiResponse channels() {
        List<Map<String, Object>> all = new ArrayList<>();
        for (Channel ch : alerts().settings().channels().values()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", ch.name());
            m.put("type", ch.type().label());
            m.put("format", ch.format() == null ? null : ch.format().label());
            m.put("to", ch.to());
            all.add(m);
        }
        return ApiResponse.json(200, Map.of("channels", all, "smtp", alerts().settings().smtp().isPresent()));
    }

    private ApiResponse test(ApiRequest request, Caller caller) throws InterruptedException {
        String name = request.pathName("name");
        try {
            NotificationRecord n = alerts().test(name, Audits.of(caller, clock.millis(), "alert.test", "channel:" + name, Audits.OK, null));
            return ApiResponse.json(200, notification(n));
        } catch (AlertOperations.Refused e) {
            throw refused(e);
        }
    }

    private static ApiProblem refused(AlertOperations.Refused e) {
        return e.notFound() ? new ApiProblem(404, "Not found", e.getMessage() + ".") : new ApiProblem(409, "Conflict", e.getMessage() + ".");
    }

    private static int limit(ApiRequest request) {
        Long limit = request.queryLong("limit", 1, MAX_LIMIT);
        return limit == null ? DEFAULT_LIMIT : limit.intValue();
    }

    static Map<String, Object> alert(AlertRecord a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", a.id());
        m.put("target", a.target());
        m.put("kind", a.kind());
        m.put("interface", a.interfaceName());
        m.put("status", a.status());
        m.put("state", a.state());
        m.put("severity", a.severity());
        m.put("reason", a.reason());
        m.put("rule", a.rule());
        m.put("since", time(a.since()));
        m.put("firedAt", time(a.firedAt()));
        m.put("escalatedAt", time(a.escalatedAt()));
        m.put("acknowledgedAt", time(a.acknowledgedAt()));
        m.put("acknowledgedBy", a.acknowledgedBy());
        m.put("told", a.told().isEmpty() ? List.of() : List.of(a.told().split(",")));
        m.put("episode", a.episode());
        return m;
    }

    static Map<String, Object> event(AlertEventRecord e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("alert", e.alertId());
        m.put("target", e.target());
        m.put("at", time(e.at()));
        m.put("what", e.what());
        m.put("status", e.status());
        m.put("state", e.state());
        m.put("severity", e.severity());
        m.put("detail", e.detail());
        m.put("actor", e.actor());
        m.put("episode", e.episode());
        return m;
    }

    static Map<String, Object> notification(NotificationRecord n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", n.id());
        m.put("alert", n.alertId());
        m.put("channel", n.channel());
        m.put("kind", n.kind());
        m.put("target", n.target());
        m.put("severity", n.severity());
        m.put("state", n.state());
        m.put("reason", n.reason());
        m.put("createdAt", time(n.createdAt()));
        m.put("dueAt", time(n.dueAt()));
        m.put("status", n.status());
        m.put("attempts", n.attempts());
        m.put("lastError", n.lastError());
        m.put("sentAt", time(n.sentAt()));
        return m;
    }

    static Map<String, Object> silence(SilenceRecord s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("target", s.target());
        m.put("startsAt", time(s.startsAt()));
        m.put("endsAt", time(s.endsAt()));
        m.put("reason", s.reason());
        m.put("createdBy", s.createdBy());
        return m;
    }

    private static String time(Long ms) {
        return ms == null ? null : Instant.ofEpochMilli(ms).toString();
    }
}
