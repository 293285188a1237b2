package io.ductus.engine.api;

import io.ductus.core.revision.InterfaceFiles;
import io.ductus.core.revision.UnifiedDiff;
import io.ductus.engine.design.Deployer;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.engine.runtime.RunningRevision;
import io.ductus.store.Store;
import io.ductus.store.revision.Revision;
import io.ductus.store.revision.RevisionSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * An interface's history: its revisions newest first, one revision with the full content of its files,
 * and the unified diff of two of them (or of one and the caller's draft, or what runs). Viewers read it.
 */
final class RevisionRoutes {

    static final int DEFAULT_LIMIT = 50;

    private final Supplier<EngineRuntime> runtime;
    private final Store store;

    RevisionRoutes(Supplier<EngineRuntime> runtime, Store store) {
        this.runtime = runtime;
        this.store = store;
    }

    List<Route> routes() {
        String one = "/api/v1/interfaces/{name}";
        return List.of(
                Route.get(one + "/revisions", "listRevisions", "An interface's revisions newest first: who, when, how, status; which one runs")
                        .tag("design")
                        .query("before", "integer", "only revisions below this number: the previous page's next")
                        .query("limit", "integer", "revisions per page, 1 to 500 (default " + DEFAULT_LIMIT + ")")
                        .returns(200, "RevisionList").handle((r, c) -> list(r)),
                Route.get(one + "/revisions/{revision}", "getRevision", "One revision with the full content of its files")
                        .tag("design").returns(200, "Revision").handle((r, c) -> one(r)),
                Route.get(one + "/diff", "diffRevisions", "The unified diff, file by file, of two revisions (or a revision and your draft, or what runs)")
                        .tag("design")
                        .query("from", "string", "a revision number, draft (your draft) or running (default: the revision before to)")
                        .query("to", "string", "a revision number, draft or running (default: the current revision)")
                        .returns(200, "Diff").handle(this::diff));
    }

    private ApiResponse list(ApiRequest r) {
        String name = DeployRoutes.name(r);
        Long before = r.queryLong("before", 1, Integer.MAX_VALUE);
        Long limit = r.queryLong("limit", 1, 500);
        int n = limit == null ? DEFAULT_LIMIT : limit.intValue();
        List<RevisionSummary> page = store.revisions().revisions(name, before == null ? null : before.intValue(), n + 1);
        if (page.isEmpty() && before == null && running(name).isEmpty()) throw noInterface(name);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", name);
        m.put("current", store.revisions().current(name).map(RevisionSummary::number).orElse(null));
        m.put("running", running(name).map(RunningRevision::revision).orElse(null));
        m.put("revisions", page.stream().limit(n).map(DesignJson::revision).toList());
        m.put("next", page.size() > n ? page.get(n - 1).number() : null);
        return ApiResponse.json(200, m);
    }

    private ApiResponse one(ApiRequest r) {
        String name = DeployRoutes.name(r);
        int number = (int) r.pathId("revision");
        Revision revision = store.revisions().revision(name, number).orElseThrow(() -> new ApiProblem(404, "Not found",
                "Interface " + name + " has no revision " + number + ". GET /api/v1/interfaces/" + name + "/revisions lists them."));
        Map<String, Object> m = DesignJson.revision(revision.summary());
        DesignJson.putFiles(m, revision.files());
        return ApiResponse.json(200, m);
    }

    private ApiResponse diff(ApiRequest r, Caller caller) {
        String name = DeployRoutes.name(r);
        String toSpec = r.queryText("to");
        String fromSpec = r.queryText("from");
        Side to = side(name, toSpec == null ? "current" : toSpec, caller);
        Side from = fromSpec != null ? side(name, fromSpec, caller) : previous(name, to);
        List<UnifiedDiff.FileChange> changes = UnifiedDiff.between(from.files(), to.files());
        List<Map<String, Object>> files = new ArrayList<>();
        StringBuilder patch = new StringBuilder();
        for (UnifiedDiff.FileChange c : changes) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("path", c.path());
            f.put("change", c.kind().name().toLowerCase(java.util.Locale.ROOT));
            f.put("added", c.added());
            f.put("removed", c.removed());
            f.put("diff", c.diff());
            files.add(f);
            patch.append(c.diff());
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("interface", name);
        m.put("from", from.label());
        m.put("to", to.label());
        m.put("files", files);
        m.put("patch", patch.toString());
        return ApiResponse.json(200, m);
    }

    /** One side of a diff: what it is, and its files. */
    private record Side(Map<String, Object> label, InterfaceFiles files, Integer number) {
    }

    private Side side(String name, String spec, Caller caller) {
        switch (spec) {
            case "draft" -> {
                var draft = store.revisions().draft(caller.actor(), name).orElseThrow(() -> new ApiProblem(404, "Not found",
                        caller.actor() + " has no draft of " + name + "."));
                InterfaceFiles files = InterfaceFiles.of(name, draft.files());
                EngineRuntime rt = runtime.get();
                InterfaceFiles withLib = rt == null ? files : Deployer.withLib(files.own(), rt.projectFolder()).with(files);
                return new Side(Map.of("draft", true, "base", draft.baseRevision() == null ? "none" : draft.baseRevision()), withLib,
                        draft.baseRevision());
            }
            case "running" -> {
                RunningRevision code = running(name).orElseThrow(() -> new ApiProblem(404, "Not found", name + " does not run here."));
                Map<String, Object> label = new LinkedHashMap<>();
                label.put("running", true);
                label.put("revision", code.revision());
                return new Side(label, code.files(), code.revision());
            }
            case "current" -> {
                RevisionSummary current = store.revisions().current(name).orElseThrow(() -> noInterface(name));
                return revision(name, current.number());
            }
            default -> {
                int number;
                try {
                    number = Integer.parseInt(spec);
                } catch (NumberFormatException e) {
                    throw ApiProblem.badRequest("from and to are a revision number, draft or running, not '" + spec + "'.");
                }
                return revision(name, number);
            }
        }
    }

    private Side revision(String name, int number) {
        Revision revision = store.revisions().revision(name, number).orElseThrow(() -> new ApiProblem(404, "Not found",
                "Interface " + name + " has no revision " + number + "."));
        return new Side(Map.of("revision", number), InterfaceFiles.of(name, revision.files()), number);
    }

    /** The revision before {@code to} that has files (or none: everything is added). */
    private Side previous(String name, Side to) {
        Integer below = to.number();
        if (to.label().containsKey("draft")) {
            return below == null ? new Side(Map.of("none", true), InterfaceFiles.of(name, Map.of()), null) : revision(name, below);
        }
        for (RevisionSummary r : store.revisions().revisions(name, below, 50)) {
            if (r.hash() != null && !r.hash().isEmpty() && r.status() != io.ductus.store.revision.RevisionStatus.FAILED) {
                return revision(name, r.number());
            }
        }
        return new Side(Map.of("none", true), InterfaceFiles.of(name, Map.of()), null);
    }

    private Optional<RunningRevision> running(String name) {
        EngineRuntime rt = runtime.get();
        return rt == null ? Optional.empty() : rt.interfaces().code(name);
    }

    private static ApiProblem noInterface(String name) {
        return new ApiProblem(404, "Not found", "There is no interface '" + name + "' on record. GET /api/v1/interfaces lists them.");
    }
}
