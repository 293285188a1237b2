package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.Permission;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.replay.ReplayJobs;
import io.ductus.engine.replay.ReplayRefusedException;
import io.ductus.engine.replay.ReplayRequest;
import io.ductus.sdk.config.DurationText;
import io.ductus.store.Store;
import io.ductus.store.replay.ReplayRow;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Replays (docs/replay.md): start one (operator; audited), follow it (its progress is also on the events
 * stream), read its summary (counts, never content), page through its rows (the differences show field
 * values: payloads permission, logged as a payload read), cancel it.
 */
final class ReplayRoutes {

    static final int DEFAULT_ROWS = 100;
    static final String ROWS_READ = "replay.rows.read";

    private final ReplayJobs jobs;
    private final Store store;
    private final Clock clock;
    private final java.util.function.Supplier<io.ductus.engine.runtime.EngineRuntime> runtime;

    ReplayRoutes(ReplayJobs jobs, Store store, Clock clock, java.util.function.Supplier<io.ductus.engine.runtime.EngineRuntime> runtime) {
        this.jobs = jobs;
        this.store = store;
        this.clock = clock;
        this.runtime = runtime;
    }

    List<Route> routes() {
        return List.of(
                Route.post("/api/v1/replays", "startReplay",
                                "Replay a period's stored messages through a candidate (draft, revision, files or the deployed code); nothing is sent or stored")
                        .tag("replay").body("ReplayStart").returns(202, "Replay").handle(this::start),
                Route.get("/api/v1/replays", "listReplays", "The newest replays with their summaries")
                        .tag("replay").query("limit", "integer", "how many, 1 to 100 (default 20)")
                        .returns(200, "ReplayList").handle((r, c) -> list(r)),
                Route.get("/api/v1/replays/{id}", "getReplay", "A replay's status and summary: counts per kind, the fields that changed most, rates")
                        .tag("replay").returns(200, "Replay").handle((r, c) -> one(r)),
                Route.get("/api/v1/replays/{id}/rows", "listReplayRows",
                                "A replay's rows that did not come out the same, in message order, filtered by kind, destination and field")
                        .tag("replay")
                        .query("kind", "string", "changed, decision_changed, error, not_comparable or drift")
                        .query("destination", "string", "only this destination")
                        .query("field", "string", "only rows where this path changed, such as PID-5.1")
                        .query("after", "string", "the previous page's next: MESSAGE_ID:DESTINATION")
                        .query("limit", "integer", "rows per page, 1 to 1000 (default " + DEFAULT_ROWS + ")")
                        .returns(200, "ReplayRows").handle(this::rows),
                Route.post("/api/v1/replays/{id}/tests", "makeReplayTest",
                                "Make a replayed message and destination a test of your draft: the stored input and what your draft does with it")
                        .tag("replay").body("ReplayTest").returns(200, "ReplayTestMade").handle(this::makeTest),
                Route.post("/api/v1/replays/{id}/cancel", "cancelReplay",
                                "Stop a running replay after the message it is on (202); one that has ended is answered as it is (200)")
                        .tag("replay").returns(202, "Replay").returns(200, "Replay").handle(this::cancel));
    }

    private ApiResponse start(ApiRequest r, Caller caller) {
        JsonNode body = r.json();
        List<String> interfaces = new ArrayList<>();
        if (body.path("interface").isTextual()) interfaces.add(body.path("interface").asText());
        for (JsonNode n : body.path("interfaces")) interfaces.add(n.asText());
        if (interfaces.isEmpty()) throw ApiProblem.badRequest("name the \"interface\" (or \"interfaces\") to replay.");
        long now = clock.millis();
        long from;
        long to;
        if (body.hasNonNull("last")) {
            try {
                to = now;
                from = now - DurationText.parse(body.path("last").asText()).toMillis();
            } catch (IllegalArgumentException e) {
                throw ApiProblem.badRequest("\"last\": " + e.getMessage() + " (or 7d).");
            }
        } else {
            from = instant(body, "from", null);
            to = instant(body, "to", now);
        }
        if (to <= from) throw ApiProblem.badRequest("the period ends before it starts: \"to\" must be after \"from\".");
        ReplayRequest.Candidate candidate = candidate(body, interfaces);
        List<String> ignore = new ArrayList<>();
        for (JsonNode n : body.path("ignore")) ignore.add(n.asText());
        Set<String> destinations = new LinkedHashSet<>();
        for (JsonNode n : body.path("destinations")) destinations.add(n.asText());
        ReplayRequest request = new ReplayRequest(caller.actor(), interfaces, from, to, candidate, ignore, destinations);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("candidate", candidate.describe());
        detail.put("from", Instant.ofEpochMilli(from).toString());
        detail.put("to", Instant.ofEpochMilli(to).toString());
        String target = "interface:" + String.join(",", interfaces);
        long id;
        try {
            id = jobs.start(request);
        } catch (ReplayRefusedException e) {
            Audits.recordAfter(store.accounts(), Audits.of(caller, now, "replay.start", target, Audits.REFUSED, Map.of("reason", e.getMessage())));
            Map<String, Object> more = new LinkedHashMap<>();
            if (!e.problems().isEmpty()) more.put("problems", DesignJson.problems(e.problems()));
            throw new ApiProblem(e.status(), e.status() == 422 ? "Candidate has problems" : e.status() == 404 ? "Not found" : "Refused",
                    e.getMessage(), more);
        }
        detail.put("replay", id);
        Audits.recordAfter(store.accounts(), Audits.of(caller, now, "replay.start", target, Audits.OK, detail));
        return ApiResponse.json(202, jobs.summary(id).orElseThrow());
    }

    private static long instant(JsonNode body, String field, Long otherwise) {
        JsonNode n = body.get(field);
        if (n == null || n.isNull()) {
            if (otherwise != null) return otherwise;
            throw ApiProblem.badRequest("give the period: \"from\" (and \"to\", default now) as times such as 2026-11-24T00:00:00Z, or \"last\": \"7d\".");
        }
        try {
            return Instant.parse(n.asText()).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw ApiProblem.badRequest("\"" + field + "\" is not a time such as 2026-11-24T00:00:00Z: " + n.asText());
        }
    }

    /** {"candidate": "draft" | "deployed" | "revision" (with "revision": N) | "files" (with "files", "binaryFiles")}. */
    private static ReplayRequest.Candidate candidate(JsonNode body, List<String> interfaces) {
        String kind = body.path("candidate").asText("");
        return switch (kind) {
            case "deployed" -> ReplayRequest.Candidate.deployed();
            case "draft" -> new ReplayRequest.Candidate(ReplayRequest.Kind.DRAFT, null, Map.of());
            case "revision" -> {
                if (!body.path("revision").canConvertToInt() || body.path("revision").asInt() < 1) {
                    throw ApiProblem.badRequest("a \"revision\" candidate names its \"revision\" number.");
                }
                yield new ReplayRequest.Candidate(ReplayRequest.Kind.REVISION, body.path("revision").asInt(), Map.of());
            }
            case "files" -> {
                Map<String, InterfaceFiles> files = new LinkedHashMap<>();
                for (String name : interfaces) files.put(name, DesignJson.files(name, onlyOf(name, body)));
                yield new ReplayRequest.Candidate(ReplayRequest.Kind.FILES, null, files);
            }
            default -> throw ApiProblem.badRequest("\"candidate\" is draft (your draft), revision (with \"revision\": N), files (with \"files\")"
                    + " or deployed (the running code: a determinism check).");
        };
    }

    /** The request's files that are this interface's or lib/'s. */
    private static JsonNode onlyOf(String name, JsonNode body) {
        var copy = body.deepCopy();
        for (String field : List.of("files", "binaryFiles")) {
            JsonNode files = copy.get(field);
            if (files == null || !files.isObject()) continue;
            var kept = ((com.fasterxml.jackson.databind.node.ObjectNode) files);
            List<String> drop = new ArrayList<>();
            kept.properties().forEach(e -> {
                if (!e.getKey().startsWith(InterfaceFiles.folder(name)) && !e.getKey().startsWith(InterfaceFiles.LIB)) drop.add(e.getKey());
            });
            kept.remove(drop);
        }
        return copy;
    }

    private ApiResponse list(ApiRequest r) {
        Long limit = r.queryLong("limit", 1, 100);
        return ApiResponse.json(200, Map.of("replays", jobs.list(limit == null ? 20 : limit.intValue())));
    }

    private ApiResponse one(ApiRequest r) {
        long id = r.pathId("id");
        return ApiResponse.json(200, jobs.summary(id).orElseThrow(() -> notFound(id)));
    }

    private ApiResponse rows(ApiRequest r, Caller caller) {
        long id = r.pathId("id");
        jobs.job(id).orElseThrow(() -> notFound(id));
        if (!caller.access().permissions().contains(Permission.PAYLOADS)) {
            throw new ApiProblem(403, "Forbidden", "a replay's rows show field values of messages: that needs the payloads permission, which "
                    + caller.actor() + " has not. GET /api/v1/replays/" + id + " has the counts.");
        }
        String kind = r.queryText("kind");
        if (kind != null) {
            try {
                kind = io.ductus.core.replay.RowKind.ofKey(kind).key();
            } catch (IllegalArgumentException e) {
                throw ApiProblem.badRequest("\"kind\" is changed, decision_changed, error, not_comparable or drift.");
            }
        }
        long afterId = 0;
        String afterDestination = null;
        String after = r.queryText("after");
        if (after != null) {
            int colon = after.indexOf(':');
            try {
                afterId = Long.parseLong(colon < 0 ? after : after.substring(0, colon));
            } catch (NumberFormatException e) {
                throw ApiProblem.badRequest("\"after\" is the previous page's next: MESSAGE_ID:DESTINATION.");
            }
            afterDestination = colon < 0 ? null : after.substring(colon + 1);
        }
        Long limit = r.queryLong("limit", 1, 1000);
        int n = limit == null ? DEFAULT_ROWS : limit.intValue();
        long now = clock.millis();
        store.accounts().recordOnceSince(Audits.of(caller, now, MessageRoutes.PAYLOAD_READ, "replay:" + id, Audits.OK,
                Map.of("rows", "replay " + id)), now - MessageRoutes.READ_WINDOW.toMillis());
        List<ReplayRow> page = store.replays().rows(id, kind, r.queryText("destination"), r.queryText("field"), afterId, afterDestination, n + 1);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ReplayRow row : page.subList(0, Math.min(n, page.size()))) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("interface", row.interfaceName());
            m.put("messageId", row.messageId());
            m.put("destination", row.destination());
            m.put("kind", row.kind());
            m.put("fields", row.fields());
            m.putAll(io.ductus.engine.replay.ReplayJobs.detailOf(row.detail()));
            rows.add(m);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("replay", id);
        body.put("rows", rows);
        ReplayRow last = page.size() > n ? page.get(n - 1) : null;
        body.put("next", last == null ? null : last.messageId() + ":" + last.destination());
        return ApiResponse.json(200, body);
    }

    private ApiResponse makeTest(ApiRequest r, Caller caller) {
        long id = r.pathId("id");
        jobs.job(id).orElseThrow(() -> notFound(id));
        JsonNode body = r.json();
        if (!body.path("messageId").canConvertToLong() || !body.path("destination").isTextual()) {
            throw ApiProblem.badRequest("give the row: \"messageId\" and \"destination\".");
        }
        long messageId = body.path("messageId").asLong();
        var rt = runtime.get();
        if (rt == null) throw new ApiProblem(503, "Engine starting", "The engine is starting; try again in a moment.");
        long now = clock.millis();
        store.accounts().recordOnceSince(Audits.of(caller, now, MessageRoutes.PAYLOAD_READ, "message:" + messageId, Audits.OK,
                Map.of("replayTest", id)), now - MessageRoutes.READ_WINDOW.toMillis());
        io.ductus.engine.replay.ReplayTestCase.Made made;
        try {
            made = new io.ductus.engine.replay.ReplayTestCase(rt, store)
                    .make(caller.actor(), id, messageId, body.path("destination").asText(), now);
        } catch (ReplayRefusedException e) {
            Map<String, Object> more = new LinkedHashMap<>();
            if (!e.problems().isEmpty()) more.put("problems", DesignJson.problems(e.problems()));
            throw new ApiProblem(e.status(), e.status() == 422 ? "Draft has problems" : "Not found", e.getMessage(), more);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", made.draft().interfaceName());
        m.put("path", made.path());
        m.put("expects", made.decision());
        m.put("draftFiles", made.draft().files().size());
        return ApiResponse.json(200, m);
    }

    private ApiResponse cancel(ApiRequest r, Caller caller) {
        long id = r.pathId("id");
        jobs.job(id).orElseThrow(() -> notFound(id));
        boolean cancelled = jobs.cancel(id);
        if (cancelled) Audits.recordAfter(store.accounts(), Audits.of(caller, clock.millis(), "replay.cancel", "replay:" + id, Audits.OK, Map.of()));
        return ApiResponse.json(cancelled ? 202 : 200, jobs.summary(id).orElseThrow());
    }

    private static ApiProblem notFound(long id) {
        return new ApiProblem(404, "Not found", "There is no replay " + id + " (results are purged after replay.keep). GET /api/v1/replays lists them.");
    }
}
