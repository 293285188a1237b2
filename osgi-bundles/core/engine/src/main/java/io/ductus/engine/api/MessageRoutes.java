package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.lane.PayloadKeys;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.time.MomentText;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.InterfaceManager;
import io.ductus.store.ActionRefusedException;
import io.ductus.store.Changed;
import io.ductus.store.DeliveryChange;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.DeliveryStatus;
import io.ductus.store.DismissRequest;
import io.ductus.store.EditRequest;
import io.ductus.store.Edited;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageQuery;
import io.ductus.store.MessageSummary;
import io.ductus.store.MessageStatus;
import io.ductus.store.QuarantineQuery;
import io.ductus.store.ResendRequest;
import io.ductus.store.Store;
import io.ductus.store.account.AuditEntry;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The message browser: messages by interface, status, time and text; one message with its deliveries;
 * its payload and saved outputs (permission payloads, each read logged once per reader and window); the
 * quarantine across interfaces; and the operator's actions — resend, edit, dismiss — each in one
 * transaction with its audit row, after which the workers concerned are woken.
 */
final class MessageRoutes {

    static final int DEFAULT_LIMIT = 50;
    /** Messages resent per transaction by a resend of an interface's quarantined messages. */
    static final int RESEND_BATCH = ResendRequest.MAX_MESSAGES;
    /** How long one text search reads before it stops and says where to go on (timeBudgetReached, next). */
    static final Duration SEARCH_BUDGET = Duration.ofSeconds(1);
    /** A payload read is logged once per reader and message in this window: a record, not a flood. */
    static final Duration READ_WINDOW = Duration.ofHours(1);
    static final String PAYLOAD_READ = "message.payload.read";

    private final Supplier<EngineRuntime> runtime;
    private final Store store;
    private final EventHub events;
    private final Clock clock;

    MessageRoutes(Supplier<EngineRuntime> runtime, Store store, EventHub events, Clock clock) {
        this.runtime = runtime;
        this.store = store;
        this.events = events;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/messages", "listMessages", "Messages newest first, by interface, status, time range and payload text; paged by id")
                        .tag("messages")
                        .query("interface", "string", "only this interface's messages")
                        .query("status", "string", "pending, sent, filtered, quarantined or duplicate")
                        .query("from", "string", "received at or after: an instant (2026-11-30T08:00:00Z) or a date (2026-11-30: the start of that day, UTC)")
                        .query("to", "string", "received before: an instant or a date (the start of that day, UTC)")
                        .query("text", "string", "text the payload contains (exact, case-sensitive); reads at most scanLimit messages, and"
                                + " for at most " + SEARCH_BUDGET.toSeconds() + " s, per call: then the page says where to go on")
                        .query("scanLimit", "integer", "how many messages a text search reads at most, 1 to " + MessageQuery.MAX_SCAN_LIMIT
                                + " (default " + MessageQuery.DEFAULT_SCAN_LIMIT + ")")
                        .query("before", "integer", "only messages with a smaller id: the previous page's next")
                        .query("limit", "integer", "messages per page, 1 to 1000 (default " + DEFAULT_LIMIT + ")")
                        .work(r -> r.queryText("text") == null ? Work.READ : Work.SCAN)
                        .returns(200, "MessagePage").handle((r, c) -> list(r)),
                Route.get("/api/v1/messages/{id}", "getMessage", "One message with its deliveries: attempts, last error, saved output's size, edited copies")
                        .tag("messages").work(Work.READ).returns(200, "Message")
                        .handle((r, c) -> ApiResponse.json(200, MessageJson.detail(message(r)))),
                Route.get("/api/v1/messages/{id}/payload", "getMessagePayload", "The message's payload, byte for byte as stored")
                        .tag("messages").work(Work.READ).produces("text/plain").returns(200, "Payload").handle(this::payload),
                Route.get("/api/v1/messages/{id}/deliveries/{destination}/output", "getDeliveryOutput",
                                "What a destination saved of its delivery (save_output), byte for byte")
                        .tag("messages").work(Work.READ).produces("text/plain").returns(200, "Payload").handle(this::output),
                Route.get("/api/v1/quarantine", "listQuarantine", "Quarantined deliveries across interfaces, newest message first")
                        .tag("messages")
                        .query("interface", "string", "only this interface's")
                        .query("before", "integer", "with beforeDestination: the previous page's next")
                        .query("beforeDestination", "string", "with before: the previous page's next")
                        .query("limit", "integer", "deliveries per page, 1 to 1000 (default " + DEFAULT_LIMIT + ")")
                        .work(Work.READ).returns(200, "QuarantinePage").handle((r, c) -> quarantine(r)),
                Route.post("/api/v1/messages/resend", "resendMessages", "Send messages again: their deliveries back to pending in place, in lane order")
                        .tag("messages").work(Work.READ).body("Resend").returns(200, "Changed").handle(this::resend),
                Route.post("/api/v1/messages/resend-quarantined", "resendQuarantined",
                                "Send every quarantined message of an interface in a time window again, in bounded batches, as one audited action")
                        .tag("messages").work(Work.SCAN).body("ResendQuarantined").returns(200, "ResentQuarantined")
                        .handle(this::resendQuarantined),
                Route.post("/api/v1/messages/{id}/edit", "editMessage", "Store a corrected copy and send it; the original's quarantined deliveries are filtered")
                        .tag("messages").body("Edit").returns(201, "Edited").handle(this::edit),
                Route.post("/api/v1/messages/dismiss", "dismissMessages", "Dismiss quarantined deliveries with a reason: they become filtered")
                        .tag("messages").body("Dismiss").returns(200, "Changed").handle(this::dismiss));
    }

    private ApiResponse list(ApiRequest r) {
        Long limit = r.queryLong("limit", 1, 1000);
        Long scanLimit = r.queryLong("scanLimit", 1, MessageQuery.MAX_SCAN_LIMIT);
        String text = r.queryText("text");
        MessageQuery query = new MessageQuery(r.queryText("interface"), status(r.queryText("status")), instant(r, "from"),
                instant(r, "to"), r.queryLong("before", 1, Long.MAX_VALUE), limit == null ? DEFAULT_LIMIT : limit.intValue(),
                text, scanLimit == null ? MessageQuery.DEFAULT_SCAN_LIMIT : scanLimit.intValue(), SEARCH_BUDGET);
        MessagePage page = store.browse(query);
        if (page.messages().isEmpty() && query.interfaceName() != null) knownInterface(query.interfaceName());
        return ApiResponse.json(200, MessageJson.page(page));
    }

    /**
     * An interface the engine has, or one whose messages are still stored; else 404 naming those it has (a
     * typing mistake must not look like an interface without messages).
     */
    private void knownInterface(String name) {
        EngineRuntime running = runtime.get();
        if (running == null || running.interfaces().state(name).isPresent()) return;
        List<String> names = running.interfaces().states().stream().map(InterfaceManager.InterfaceState::name).toList();
        throw new ApiProblem(404, "Not found", "There is no interface '" + name + "' and no message of it is stored"
                + (names.isEmpty() ? "." : "; the project has " + String.join(", ", names) + "."));
    }

    private ApiResponse quarantine(ApiRequest r) {
        Long before = r.queryLong("before", 1, Long.MAX_VALUE);
        String beforeDestination = r.queryText("beforeDestination");
        if ((before == null) != (beforeDestination == null)) {
            throw ApiProblem.badRequest("before and beforeDestination go together: pass both from the previous page's next.");
        }
        Long limit = r.queryLong("limit", 1, 1000);
        QuarantineQuery query = new QuarantineQuery(r.queryText("interface"), before, beforeDestination,
                limit == null ? DEFAULT_LIMIT : limit.intValue());
        return ApiResponse.json(200, MessageJson.quarantine(store.quarantine(query)));
    }

    private ApiResponse payload(ApiRequest r, Caller caller) {
        MessageDetail detail = message(r);
        logRead(caller, detail.summary().id(), null);
        return text(detail.payload(), detail.summary().charset());
    }

    private ApiResponse output(ApiRequest r, Caller caller) {
        MessageDetail detail = message(r);
        String destination = r.pathName("destination");
        DeliveryRecord delivery = detail.deliveries().stream().filter(d -> d.destination().equals(destination)).findFirst()
                .orElseThrow(() -> new ApiProblem(404, "Not found", "Message " + detail.summary().id()
                        + " has no delivery to '" + destination + "'."));
        if (delivery.output() == null) {
            throw new ApiProblem(404, "Not found", "Destination " + destination + " saved no output of message "
                    + detail.summary().id() + ": only destinations with save_output: true keep what they sent.");
        }
        logRead(caller, detail.summary().id(), destination);
        return text(delivery.output(), delivery.outputCharset());
    }

    /** The read is logged before the content leaves: a read that cannot be logged is not served. */
    private void logRead(Caller caller, long id, String outputOf) {
        long now = clock.millis();
        Map<String, Object> detail = outputOf == null ? null : Map.of("output", outputOf);
        store.accounts().recordOnceSince(Audits.of(caller, now, PAYLOAD_READ, "message:" + id, Audits.OK, detail),
                now - READ_WINDOW.toMillis());
    }

    private static ApiResponse text(byte[] bytes, String charset) {
        String type = "text/plain" + (charset == null ? "" : "; charset=" + charset);
        return new ApiResponse(200, type, bytes).withHeader("Cache-Control", "no-store");
    }

    private ApiResponse resend(ApiRequest r, Caller caller) {
        JsonNode body = r.json();
        List<Long> ids = ids(body);
        Set<String> destinations = names(body, "destinations");
        Changed changed = refusedAsNotFound(() -> store.resend(new ResendRequest(ids, destinations), clock.millis(),
                done -> audit(caller, "message.resend", ids, detail(done, Map.of("destinations", destinations)))));
        afterAction("resend", changed);
        return ApiResponse.json(200, MessageJson.changed(changed));
    }

    /**
     * Every quarantined message of an interface received in the window goes again: found newest first, page
     * by page ({@value #RESEND_BATCH} a page), each page resent in a transaction of its own, the first one
     * with the action's one audit row (what was asked), so nothing changes unaudited and a long window never
     * holds one long transaction.
     */
    private ApiResponse resendQuarantined(ApiRequest r, Caller caller) {
        JsonNode body = r.json();
        JsonNode named = body.get("interface");
        if (named == null || !named.isTextual() || named.asText().isBlank()) {
            throw ApiProblem.badRequest("\"interface\" is required: the interface whose quarantined messages go again.");
        }
        String interfaceName = named.asText();
        Long from = moment(body, "from");
        Long to = moment(body, "to");
        if (interfaces().state(interfaceName).isEmpty() && store.browse(new MessageQuery(interfaceName, null, null, null, null, 1,
                null, MessageQuery.DEFAULT_SCAN_LIMIT)).messages().isEmpty()) {
            knownInterface(interfaceName);
        }
        Map<String, Object> asked = new LinkedHashMap<>();
        asked.put("interface", interfaceName);
        asked.put("from", from == null ? null : Instant.ofEpochMilli(from).toString());
        asked.put("to", to == null ? null : Instant.ofEpochMilli(to).toString());
        int messages = 0;
        int deliveries = 0;
        int batches = 0;
        Long before = null;
        while (true) {
            MessagePage page = store.browse(new MessageQuery(interfaceName, MessageStatus.QUARANTINED, from, to, before, RESEND_BATCH,
                    null, MessageQuery.DEFAULT_SCAN_LIMIT));
            if (page.messages().isEmpty()) break;
            List<Long> ids = page.messages().stream().map(MessageSummary::id).toList();
            boolean first = batches == 0;
            Changed changed = store.resend(ResendRequest.quarantined(ids), clock.millis(), done -> first
                    ? Audits.of(caller, clock.millis(), "message.resend", "interface:" + interfaceName, Audits.OK, asked) : null);
            afterAction("resend", changed);
            messages += changed.messages().size();
            deliveries += changed.deliveries().size();
            batches++;
            if (page.nextBeforeId() == null) break;
            before = page.nextBeforeId();
        }
        if (batches == 0) {
            // nothing to send; the request is still an operator's action worth its row
            store.accounts().record(Audits.of(caller, clock.millis(), "message.resend", "interface:" + interfaceName, Audits.OK, asked));
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("interface", interfaceName);
        answer.put("messages", messages);
        answer.put("deliveries", deliveries);
        answer.put("batches", batches);
        return ApiResponse.json(200, answer);
    }

    /** A store refusal that names messages that do not exist is a 404. */
    private static Changed refusedAsNotFound(java.util.function.Supplier<Changed> action) {
        try {
            return action.get();
        } catch (ActionRefusedException e) {
            throw new ApiProblem(404, "Not found", Character.toUpperCase(e.getMessage().charAt(0)) + e.getMessage().substring(1)
                    + ": nothing was changed.");
        }
    }

    private ApiResponse dismiss(ApiRequest r, Caller caller) {
        JsonNode body = r.json();
        List<Long> ids = ids(body);
        Set<String> destinations = names(body, "destinations");
        JsonNode reason = body.get("reason");
        if (reason == null || !reason.isTextual() || reason.asText().isBlank()) {
            throw ApiProblem.badRequest("\"reason\" is required: say why these deliveries need no sending (it is kept with them).");
        }
        Changed changed = refusedAsNotFound(() -> store.dismiss(new DismissRequest(ids, destinations, reason.asText(), caller.actor()),
                clock.millis(), done -> audit(caller, "message.dismiss", ids, detail(done, Map.of("destinations", destinations,
                        "reason", reason.asText())))));
        afterAction("dismiss", changed);
        return ApiResponse.json(200, MessageJson.changed(changed));
    }

    private ApiResponse edit(ApiRequest r, Caller caller) {
        MessageDetail original = message(r);
        JsonNode body = r.json();
        JsonNode payload = body.get("payload");
        if (payload == null || !payload.isTextual() || payload.asText().isEmpty()) {
            throw ApiProblem.badRequest("\"payload\" is required: the corrected message as text.");
        }
        Charset charset = charset(body, original.summary().charset());
        InterfaceDefinition definition = interfaces().definition(original.summary().interfaceName())
                .orElseThrow(() -> new ApiProblem(409, "Conflict", "Interface " + original.summary().interfaceName()
                        + " is no longer in the project: a copy would have no destinations to go to."));
        byte[] bytes = payload.asText().getBytes(charset);
        PayloadKeys keys = PayloadKeys.read(definition, bytes, charset, java.util.Optional.empty());
        long id = original.summary().id();
        EditRequest request = new EditRequest(id, bytes, keys.charset().name(), keys.keys().orderingKey().orElse(null),
                keys.keys().lane(), names(body, "destinations"), caller.actor());
        Edited edited;
        try {
            edited = store.edit(request, clock.millis(), done -> Audits.of(caller, clock.millis(), "message.edit",
                    "message:" + id, Audits.OK, Map.of("copy", done.copyId(), "destinations", done.destinations(),
                            "size", bytes.length)));
        } catch (ActionRefusedException e) {
            throw new ApiProblem(409, "Conflict", e.getMessage());
        }
        interfaces().pendingAgain(edited.interfaceName(), edited.lane());
        events.messagesChanged("edit", List.of(id, edited.copyId()));
        return ApiResponse.json(201, MessageJson.edited(edited));
    }

    /** Wakes the workers whose deliveries became pending again and tells event followers which messages changed. */
    private void afterAction(String action, Changed changed) {
        EngineRuntime running = runtime.get();
        for (DeliveryChange c : changed.deliveries()) {
            if (c.after() == DeliveryStatus.PENDING && running != null) {
                running.interfaces().pendingAgain(c.destination().interfaceName(), c.lane());
            }
        }
        if (!changed.isEmpty()) {
            events.messagesChanged(action, changed.messages().stream().map(m -> m.messageId()).toList());
        }
    }

    /** One row per action: one message names it as the target; several are listed in the detail. */
    private AuditEntry audit(Caller caller, String action, List<Long> ids, Map<String, Object> detail) {
        String target = ids.size() == 1 ? "message:" + ids.get(0) : "messages";
        Map<String, Object> all = new LinkedHashMap<>();
        if (ids.size() > 1) all.put("ids", ids);
        all.putAll(detail);
        return Audits.of(caller, clock.millis(), action, target, Audits.OK, all);
    }

    private static Map<String, Object> detail(Changed changed, Map<String, Object> asked) {
        Map<String, Object> m = new LinkedHashMap<>(asked);
        m.put("deliveriesChanged", changed.deliveries().size());
        return m;
    }

    private MessageDetail message(ApiRequest r) {
        long id = r.pathId("id");
        return store.message(id).orElseThrow(() -> new ApiProblem(404, "Not found", "There is no message " + id + "."));
    }

    private InterfaceManager interfaces() {
        return InterfaceRoutes.interfaces(runtime);
    }

    private static List<Long> ids(JsonNode body) {
        JsonNode ids = body.get("ids");
        if (ids == null || !ids.isArray() || ids.isEmpty() || ids.size() > ResendRequest.MAX_MESSAGES) {
            throw ApiProblem.badRequest("\"ids\" must list 1 to " + ResendRequest.MAX_MESSAGES + " message ids.");
        }
        List<Long> list = new ArrayList<>();
        for (JsonNode id : ids) {
            if (!id.canConvertToLong() || !id.isIntegralNumber() || id.asLong() < 1) {
                throw ApiProblem.badRequest("\"ids\" holds message ids (positive whole numbers), not " + id + ".");
            }
            if (list.contains(id.asLong())) throw ApiProblem.badRequest("\"ids\" names message " + id.asLong() + " twice.");
            list.add(id.asLong());
        }
        return list;
    }

    private static Set<String> names(JsonNode body, String field) {
        JsonNode names = body.get(field);
        if (names == null || names.isNull()) return Set.of();
        if (!names.isArray()) throw ApiProblem.badRequest("\"" + field + "\" must be a list of destination names.");
        Set<String> set = new LinkedHashSet<>();
        for (JsonNode n : names) {
            if (!n.isTextual() || n.asText().isBlank()) throw ApiProblem.badRequest("\"" + field + "\" holds destination names, not " + n + ".");
            set.add(n.asText());
        }
        return set;
    }

    private static Charset charset(JsonNode body, String stored) {
        JsonNode named = body.get("charset");
        String name = named == null || named.isNull() ? stored : named.asText();
        try {
            return Charset.forName(name);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            throw ApiProblem.badRequest("\"charset\" names no charset this engine knows: '" + name + "'.");
        }
    }

    private static MessageStatus status(String value) {
        if (value == null) return null;
        try {
            return MessageStatus.valueOf(value.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiProblem.badRequest("query parameter status must be pending, sent, filtered, quarantined or duplicate, not '"
                    + value + "'.");
        }
    }

    private static Long instant(ApiRequest r, String name) {
        String value = r.queryText(name);
        if (value == null) return null;
        try {
            return MomentText.parse(value, ZoneOffset.UTC).toEpochMilli();
        } catch (IllegalArgumentException e) {
            throw ApiProblem.badRequest("query parameter " + name + ": " + e.getMessage() + ".");
        }
    }

    private static Long moment(JsonNode body, String name) {
        JsonNode value = body.get(name);
        if (value == null || value.isNull()) return null;
        try {
            if (!value.isTextual()) throw new IllegalArgumentException("expected " + MomentText.FORMS + ", got " + value);
            return MomentText.parse(value.asText(), ZoneOffset.UTC).toEpochMilli();
        } catch (IllegalArgumentException e) {
            throw ApiProblem.badRequest("\"" + name + "\": " + e.getMessage() + ".");
        }
    }
}
