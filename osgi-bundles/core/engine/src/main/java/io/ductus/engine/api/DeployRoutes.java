package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.project.shape.NamedEntries;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.engine.design.AuditMaker;
import io.ductus.engine.design.DeployRefusedException;
import io.ductus.engine.design.DeployResult;
import io.ductus.engine.design.Deployer;
import io.ductus.store.Store;
import io.ductus.store.revision.Draft;
import io.ductus.store.revision.RevisionOrigin;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Deploying one interface while the others run, with its files or the caller's draft; removing one;
 * rolling back to an older revision; and deploying what the project folder holds ({@code ductus deploy}).
 * Operators only; each writes its audit row, refused ones too.
 */
final class DeployRoutes {

    private final Deployer deployer;
    private final Store store;
    private final Clock clock;

    DeployRoutes(Deployer deployer, Store store, Clock clock) {
        this.deployer = deployer;
        this.store = store;
        this.clock = clock;
    }

    List<Route> routes() {
        String one = "/api/v1/interfaces/{name}";
        return List.of(
                Route.post(one + "/deploy", "deployInterface", "Deploy one interface live (or a new one) with its files or your draft, from a base revision")
                        .tag("design").body("Deploy").returns(200, "Deployed").handle(this::deploy),
                Route.post(one + "/rollback", "rollbackInterface", "Deploy an older revision's files again, as a new revision")
                        .tag("design").body("Rollback").returns(200, "Deployed").handle(this::rollback),
                Route.post(one + "/remove", "removeInterface", "Remove an interface: refused while messages are pending unless they are to be filtered")
                        .tag("design").body("Remove").returns(200, "Deployed").handle(this::remove),
                Route.post("/api/v1/deploy", "deployFromDisk", "Deploy what the project folder holds where it differs from what runs (ductus deploy)")
                        .tag("design").body("DeployFromDisk").returns(200, "DeployedFromDisk").handle(this::fromDisk));
    }

    private ApiResponse deploy(ApiRequest r, Caller caller) throws InterruptedException {
        String name = name(r);
        JsonNode body = r.json();
        boolean fromDraft = body.path("draft").asBoolean(false);
        InterfaceFiles files;
        Integer base;
        Optional<Draft> draft = Optional.empty();
        if (fromDraft) {
            draft = store.revisions().draft(caller.actor(), name);
            if (draft.isEmpty()) {
                throw new ApiProblem(404, "Not found", caller.actor() + " has no draft of " + name + ": save one with PUT /api/v1/interfaces/"
                        + name + "/draft, or send the files.");
            }
            files = InterfaceFiles.of(name, draft.get().files());
            base = body.has("base") ? base(body) : draft.get().baseRevision();
        } else {
            files = DesignJson.files(name, body);
            if (!body.has("base")) {
                throw ApiProblem.badRequest("\"base\" is required: the revision your files were made from (null for a new interface),"
                        + " so that a deploy by someone else in between is not overwritten.");
            }
            base = base(body);
        }
        try {
            DeployResult result = deployer.deploy(name, files.own(), base, RevisionOrigin.API, caller.actor(), text(body, "message"),
                    audits(caller));
            if (draft.isPresent() && result.changed()) store.revisions().deleteDraft(caller.actor(), name);
            return ApiResponse.json(200, DesignJson.deployed(name, result));
        } catch (DeployRefusedException e) {
            throw DesignJson.refused(e);
        }
    }

    private ApiResponse rollback(ApiRequest r, Caller caller) throws InterruptedException {
        String name = name(r);
        JsonNode body = r.json();
        JsonNode revision = body.get("revision");
        if (revision == null || !revision.canConvertToInt() || revision.asInt() < 1) {
            throw ApiProblem.badRequest("\"revision\" is required: the revision to go back to (GET /api/v1/interfaces/" + name + "/revisions).");
        }
        Integer base = body.has("base") ? base(body)
                : store.revisions().current(name).map(io.ductus.store.revision.RevisionSummary::number).orElse(null);
        try {
            return ApiResponse.json(200, DesignJson.deployed(name, deployer.rollback(name, revision.asInt(), base, caller.actor(),
                    text(body, "message"), audits(caller))));
        } catch (DeployRefusedException e) {
            throw DesignJson.refused(e);
        }
    }

    private ApiResponse remove(ApiRequest r, Caller caller) throws InterruptedException {
        String name = name(r);
        JsonNode body = r.json();
        if (!body.has("base")) throw ApiProblem.badRequest("\"base\" is required: the interface's current revision, as you last saw it.");
        try {
            return ApiResponse.json(200, DesignJson.deployed(name, deployer.remove(name, base(body), body.path("filterPending").asBoolean(false),
                    text(body, "reason"), RevisionOrigin.API, caller.actor(), audits(caller))));
        } catch (DeployRefusedException e) {
            throw DesignJson.refused(e);
        }
    }

    private ApiResponse fromDisk(ApiRequest r, Caller caller) throws InterruptedException {
        JsonNode body = r.body().length == 0 ? ApiResponse.JSON.createObjectNode() : r.json();
        List<String> only = new ArrayList<>();
        for (JsonNode n : body.path("interfaces")) only.add(n.asText());
        List<Deployer.FromDisk> results;
        try {
            results = deployer.deployFromDisk(only, body.path("filterPending").asBoolean(false), text(body, "reason"), caller.actor(),
                    text(body, "message"), audits(caller));
        } catch (DeployRefusedException e) {
            throw DesignJson.refused(e);
        }
        List<Map<String, Object>> list = new ArrayList<>();
        for (Deployer.FromDisk d : results) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("interface", d.interfaceName());
            m.put("outcome", d.outcome());
            if (d.result() != null) m.putAll(DesignJson.deployed(d.interfaceName(), d.result()));
            if (d.refusal() != null) {
                m.put("title", d.refusal().title());
                m.put("detail", d.refusal().getMessage());
                m.put("problems", DesignJson.problems(d.refusal().problems()));
            }
            m.put("outcome", d.outcome());
            list.add(m);
        }
        return ApiResponse.json(200, Map.of("interfaces", list));
    }

    private AuditMaker audits(Caller caller) {
        return (action, target, outcome, detail) -> Audits.of(caller, clock.millis(), action, target, outcome, detail);
    }

    static String name(ApiRequest r) {
        String name = r.pathName("name");
        if (!NamedEntries.isName(name)) {
            throw new ApiProblem(404, "Not found", "'" + name + "' cannot be an interface's name: " + NamedEntries.NAME_RULE + ".");
        }
        return name;
    }

    private static Integer base(JsonNode body) {
        JsonNode base = body.get("base");
        if (base == null || base.isNull()) return null;
        if (!base.canConvertToInt() || base.asInt() < 1) throw ApiProblem.badRequest("\"base\" is a revision number (1 or more) or null.");
        return base.asInt();
    }

    static String text(JsonNode body, String field) {
        JsonNode v = body.get(field);
        return v == null || v.isNull() || v.asText().isBlank() ? null : v.asText();
    }
}
