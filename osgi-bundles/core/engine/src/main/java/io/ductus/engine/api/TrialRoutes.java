package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.Permission;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.design.DeployRefusedException;
import io.ductus.engine.design.Trials;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import io.ductus.store.MessageDetail;
import io.ductus.store.Store;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Trial runs: the caller's draft (or the deployed revision, or files sent with the request) on sample
 * messages, inline or stored (reading stored ones needs the payloads permission and is logged as a
 * payload read), with services mocked unless live reads are asked for (audited). Nothing is sent or
 * stored. The result gives, per message and destination, the decision, the output and how it differs.
 */
final class TrialRoutes {

    static final int MAX_MESSAGES = 50;

    private final Supplier<EngineRuntime> runtime;
    private final Store store;
    private final Trials trials;
    private final Clock clock;

    TrialRoutes(Supplier<EngineRuntime> runtime, Store store, Trials trials, Clock clock) {
        this.runtime = runtime;
        this.store = store;
        this.trials = trials;
        this.clock = clock;
    }

    List<Route> routes() {
        List<Route> routes = new ArrayList<>();
        routes.add(Route.post("/api/v1/interfaces/{name}/trial", "trialInterface",
                        "Run your draft (or the deployed revision, or files sent) on sample messages; nothing is sent or stored")
                .tag("design").body("Trial").returns(200, "TrialResult").handle(this::trial));
        // The tests run on the same code as a trial (draft, deployed or files), and record from the same samples.
        routes.addAll(new TestRoutes(runtime, this, trials, clock).routes());
        return routes;
    }

    private ApiResponse trial(ApiRequest r, Caller caller) {
        String name = DeployRoutes.name(r);
        JsonNode body = r.json();
        Code chosen = code(name, body, caller);
        InterfaceFiles files = chosen.files();
        String which = chosen.which();
        boolean live = body.path("live").asBoolean(false);
        List<Trials.Sample> samples = samples(name, body, caller);
        if (samples.isEmpty()) throw ApiProblem.badRequest("give \"messages\" (inline payloads) or \"messageIds\" (stored messages) to try.");
        Set<String> only = new LinkedHashSet<>();
        for (JsonNode d : body.path("destinations")) only.add(d.asText());
        String compare = body.path("compare").asText("input");
        if (!compare.equals("input") && !compare.equals("deployed")) {
            throw ApiProblem.badRequest("\"compare\" is input (the default) or deployed (the deployed revision's output).");
        }
        if (live) {
            Audits.recordAfter(store.accounts(), Audits.of(caller, clock.millis(), "interface.trial.live", "interface:" + name, Audits.OK,
                    Map.of("code", which, "messages", samples.size())));
        }
        Trials.Result result;
        try {
            result = trials.run(new Trials.Request(caller.actor(), files, samples, only, compare.equals("deployed"), live,
                    body.get("mocks")));
        } catch (DeployRefusedException e) {
            throw DesignJson.refused(e);
        }
        return ApiResponse.json(200, json(name, which, live, result));
    }

    /** Whose code a request names: the caller's draft, the deployed revision, or the files it sends. */
    record Code(InterfaceFiles files, String which) {
    }

    /** The code of a trial's (or a test run's) body: {@code code} is draft (the default with a draft), deployed, or files. */
    Code code(String name, JsonNode body, Caller caller) {
        String code = body.path("code").asText("");
        if (code.equals("files")) return new Code(DesignJson.files(name, body), "files");
        if (code.equals("deployed") || code.isEmpty() && store.revisions().draft(caller.actor(), name).isEmpty()) {
            RunningRevision running = running().interfaces().code(name).orElseThrow(() -> new ApiProblem(404, "Not found",
                    "Interface " + name + " does not run here, and " + caller.actor() + " has no draft of it."));
            return new Code(running.files(), "deployed");
        }
        if (code.equals("draft") || code.isEmpty()) {
            var draft = store.revisions().draft(caller.actor(), name).orElseThrow(() -> new ApiProblem(404, "Not found",
                    caller.actor() + " has no draft of " + name + "."));
            return new Code(InterfaceFiles.of(name, draft.files()), "draft");
        }
        throw ApiProblem.badRequest("\"code\" is draft (your draft, the default when you have one), deployed, or files (sent as \"files\").");
    }

    List<Trials.Sample> samples(String name, JsonNode body, Caller caller) {
        List<Trials.Sample> samples = new ArrayList<>();
        int i = 0;
        for (JsonNode m : body.path("messages")) {
            i++;
            JsonNode payload = m.isTextual() ? m : m.get("payload");
            if (payload == null || !payload.isTextual()) throw ApiProblem.badRequest("\"messages\"[" + (i - 1) + "] needs a \"payload\" (text).");
            Charset charset = charset(m.path("charset").asText(null));
            byte[] bytes = payload.asText().getBytes(charset == null ? StandardCharsets.UTF_8 : charset);
            samples.add(new Trials.Sample("message " + i, 0, bytes, charset, clock.millis(), m.path("origin").asText("trial")));
        }
        JsonNode ids = body.path("messageIds");
        if (!ids.isEmpty()) {
            if (!caller.access().permissions().contains(Permission.PAYLOADS)) {
                throw new ApiProblem(403, "Forbidden", "trying stored messages reads their payloads: that needs the payloads permission,"
                        + " which " + caller.actor() + " has not. Send the messages inline instead.");
            }
            for (JsonNode id : ids) {
                long messageId = id.asLong();
                MessageDetail detail = store.message(messageId).orElseThrow(() -> new ApiProblem(404, "Not found",
                        "There is no message " + messageId + "."));
                long now = clock.millis();
                store.accounts().recordOnceSince(Audits.of(caller, now, MessageRoutes.PAYLOAD_READ, "message:" + messageId, Audits.OK,
                        Map.of("trial", name)), now - MessageRoutes.READ_WINDOW.toMillis());
                samples.add(new Trials.Sample("message " + messageId, messageId, detail.payload(), charset(detail.summary().charset()),
                        detail.summary().receivedAt(), detail.sourceInfo()));
            }
        }
        if (samples.size() > MAX_MESSAGES) throw ApiProblem.badRequest("a trial takes at most " + MAX_MESSAGES + " messages.");
        return samples;
    }

    private static Charset charset(String name) {
        if (name == null || name.isBlank()) return null;
        try {
            return Charset.forName(name);
        } catch (RuntimeException e) {
            throw ApiProblem.badRequest("no charset '" + name + "' is known here.");
        }
    }

    private static Map<String, Object> json(String name, String which, boolean live, Trials.Result result) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", name);
        m.put("code", which);
        m.put("services", live ? "live reads" : "mocked");
        m.put("problems", DesignJson.problems(result.problems()));
        m.put("comparedWithRevision", result.deployedRevision());
        m.put("cached", result.cached());
        m.put("tookMs", result.nanos() / 1_000_000.0);
        List<Map<String, Object>> messages = new ArrayList<>();
        for (Trials.MessageResult mr : result.messages()) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("label", mr.sample().label());
            one.put("id", mr.sample().id() == 0 ? null : mr.sample().id());
            List<Map<String, Object>> destinations = new ArrayList<>();
            for (Trials.DestinationResult d : mr.destinations()) {
                Map<String, Object> dm = new LinkedHashMap<>();
                dm.put("destination", d.outcome().destination());
                dm.putAll(DesignJson.outcome(d.outcome()));
                dm.put("comparedWith", d.comparedWith());
                dm.put("comparedBy", d.differences() == null ? null : d.differences().by());
                dm.put("differences", d.differences() == null ? List.of() : DesignJson.differences(d.differences().differences()));
                dm.put("deployed", d.deployed() == null ? null : DesignJson.outcome(d.deployed()));
                dm.put("decisionChanged", d.decisionChanged());
                dm.put("log", d.outcome().log());
                dm.put("serviceCalls", d.calls().stream().map(c -> {
                    Map<String, Object> cm = new LinkedHashMap<>();
                    cm.put("service", c.service());
                    cm.put("target", c.target());
                    cm.put("detail", c.detail());
                    cm.put("outcome", c.outcome());
                    return cm;
                }).toList());
                dm.put("tookMs", d.outcome().nanos() / 1_000_000.0);
                destinations.add(dm);
            }
            one.put("destinations", destinations);
            messages.add(one);
        }
        m.put("messages", messages);
        return m;
    }

    private EngineRuntime running() {
        EngineRuntime rt = runtime.get();
        if (rt == null) throw new ApiProblem(503, "Engine starting", "The engine is starting its interfaces; try again in a moment.");
        return rt;
    }
}
