package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.store.Store;
import io.ductus.store.revision.Draft;
import io.ductus.store.revision.RevisionStatus;
import io.ductus.store.revision.RevisionSummary;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Drafts the server keeps for each caller and interface (a draft of a new interface too): saved whole as
 * the user types, kept until deployed or deleted, each with the revision it was started from and whether
 * that is still the current one.
 */
final class DraftRoutes {

    /** A draft holds at most this many files. */
    static final int MAX_FILES = 200;

    private final Store store;
    private final Clock clock;

    DraftRoutes(Store store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    List<Route> routes() {
        String draft = "/api/v1/interfaces/{name}/draft";
        return List.of(
                Route.get("/api/v1/drafts", "listDrafts", "Your drafts: interface, base revision, whether the base is still current")
                        .tag("design").returns(200, "DraftList").handle((r, c) -> list(c)),
                Route.get(draft, "getDraft", "Your draft of an interface, with its files")
                        .tag("design").returns(200, "Draft").handle(this::get),
                Route.put(draft, "saveDraft", "Save your draft of an interface (or of a new one) whole: its files and base revision")
                        .tag("design").body("DraftSave").returns(200, "Draft").handle(this::save),
                Route.delete(draft, "deleteDraft", "Delete your draft of an interface")
                        .tag("design").returns(204, null).handle(this::delete));
    }

    private ApiResponse list(Caller caller) {
        Map<String, RevisionSummary> current = store.revisions().current();
        List<Map<String, Object>> drafts = store.revisions().drafts(caller.actor()).stream()
                .map(d -> DesignJson.draftSummary(d, currentNumber(current.get(d.interfaceName())))).toList();
        return ApiResponse.json(200, Map.of("drafts", drafts));
    }

    private ApiResponse get(ApiRequest r, Caller caller) {
        String name = DeployRoutes.name(r);
        Draft draft = store.revisions().draft(caller.actor(), name).orElseThrow(() -> new ApiProblem(404, "Not found",
                caller.actor() + " has no draft of " + name + "."));
        return ApiResponse.json(200, DesignJson.draft(draft, currentNumber(store.revisions().current(name).orElse(null))));
    }

    private ApiResponse save(ApiRequest r, Caller caller) {
        String name = DeployRoutes.name(r);
        JsonNode body = r.json();
        InterfaceFiles files = DesignJson.files(name, body);
        if (files.size() > MAX_FILES) throw ApiProblem.badRequest("a draft holds at most " + MAX_FILES + " files, not " + files.size() + ".");
        JsonNode base = body.get("base");
        if (base != null && !base.isNull() && (!base.canConvertToInt() || base.asInt() < 1)) {
            throw ApiProblem.badRequest("\"base\" is the revision the draft was started from (1 or more), or null for a new interface.");
        }
        Integer baseRevision = base == null || base.isNull() ? null : base.asInt();
        Draft saved = store.revisions().saveDraft(caller.actor(), name, baseRevision, files.asMap(), clock.millis());
        return ApiResponse.json(200, DesignJson.draft(saved, currentNumber(store.revisions().current(name).orElse(null))));
    }

    private ApiResponse delete(ApiRequest r, Caller caller) {
        String name = DeployRoutes.name(r);
        if (!store.revisions().deleteDraft(caller.actor(), name)) {
            throw new ApiProblem(404, "Not found", caller.actor() + " has no draft of " + name + ".");
        }
        return ApiResponse.noContent();
    }

    private static Integer currentNumber(RevisionSummary r) {
        return r == null || r.status() == RevisionStatus.REMOVED ? null : r.number();
    }
}
