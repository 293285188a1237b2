package io.ductus.engine.api;

import io.ductus.core.project.Project;
import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.ProjectValidator;
import io.ductus.core.retention.Window;
import io.ductus.engine.retention.RetentionService;
import io.ductus.engine.retention.RetentionService.InterfaceRetention;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.store.retention.RetentionStore;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Retention: each interface's window (configured and applied, and whether a shorter one waits for a
 * confirmation), what is kept as last counted, the last run; and the confirmation of a shorter window,
 * written with its audit row in the same transaction.
 */
final class RetentionRoutes {

    private final Supplier<EngineRuntime> runtime;
    private final Clock clock;

    RetentionRoutes(Supplier<EngineRuntime> runtime, Clock clock) {
        this.runtime = runtime;
        this.clock = clock;
    }

    List<Route> routes() {
        return List.of(
                Route.get("/api/v1/retention", "getRetention",
                                "Each interface's retention window, a shorter one waiting for a confirmation, what is kept (rows, bytes, oldest, held) and the last run")
                        .tag("retention").returns(200, "Retention").handle((r, c) -> ApiResponse.json(200, overview())),
                Route.post("/api/v1/retention/{name}/confirm", "confirmRetention",
                                "Confirm an interface's shorter window: its messages past it are deleted from now on (audited)")
                        .tag("retention").returns(200, "InterfaceRetention").handle(this::confirm));
    }

    private ApiResponse confirm(ApiRequest request, Caller caller) {
        String name = request.pathName("name");
        RetentionService retention = service();
        InterfaceRetention before = retention.interfaces().get(name);
        if (before == null) throw new ApiProblem(404, "Not found", "There is no interface " + name + ".");
        if (!before.waiting()) {
            throw new ApiProblem(409, "Nothing to confirm", name + " keeps its messages " + before.applied().map(Window::word).orElse("?")
                    + " as configured: only a shorter window waits for a confirmation.");
        }
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("from", before.applied().orElseThrow().word());
        detail.put("to", before.configured().orElseThrow().word());
        InterfaceRetention after = retention.confirm(name, caller.actor(),
                        Audits.of(caller, clock.millis(), "retention.confirm", "interface:" + name, Audits.OK, detail))
                .orElseThrow(() -> new ApiProblem(409, "Nothing to confirm", name + " changed meanwhile; GET /api/v1/retention shows it now."));
        return ApiResponse.json(200, json(after, retention.counted()));
    }

    private RetentionService service() {
        InterfaceRoutes.interfaces(runtime); // 503 while the engine starts
        return runtime.get().retention();
    }

    private Map<String, Object> overview() {
        RetentionService retention = service();
        EngineRuntime rt = runtime.get();
        Project project = ProjectValidator.check(rt.sources(), ConnectorTypes.unknown()).project();
        RetentionService.Counted counted = retention.counted();
        List<Map<String, Object>> interfaces = new ArrayList<>();
        for (InterfaceRetention i : retention.interfaces().values()) interfaces.add(json(i, counted));
        RetentionService.LastRun run = retention.lastRun();
        Map<String, Object> last = new LinkedHashMap<>();
        last.put("startedAt", time(run.startedAt()));
        last.put("millis", run.millis());
        last.put("purgeMillis", run.purgeMillis());
        last.put("reclaimMillis", run.reclaimMillis());
        last.put("deleted", run.deleted());
        last.put("keptPastWindow", run.kept());
        last.put("auditDeleted", run.auditDeleted());
        last.put("pagesReclaimed", run.pagesReclaimed());
        last.put("longestBatchMillis", Math.round(run.longestBatchMillis() * 100) / 100.0);
        last.put("error", run.error());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("default", project.settings().retention().word());
        m.put("auditKeep", project.settings().auditKeep().word());
        m.put("auditRows", counted.auditRows());
        m.put("countedAt", time(counted.at()));
        m.put("databaseBytes", counted.space().bytes());
        m.put("freeBytes", counted.space().freeBytes());
        m.put("lastRun", last);
        m.put("interfaces", interfaces);
        return m;
    }

    static Map<String, Object> json(InterfaceRetention i, RetentionService.Counted counted) {
        RetentionStore.Kept kept = counted.kept().get(i.name());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", i.name());
        m.put("retention", i.configured().map(Window::word).orElse(null));
        m.put("applied", i.applied().map(Window::word).orElse(null));
        m.put("waitingForConfirmation", i.waiting());
        m.put("quarantined", i.purgeQuarantined() ? "purge" : "keep");
        m.put("changedAt", i.record().map(r -> time(r.changedAt())).orElse(null));
        m.put("changedBy", i.record().map(RetentionStore.AppliedWindow::changedBy).orElse(null));
        m.put("messages", kept == null ? 0 : kept.messages());
        m.put("bytes", kept == null ? 0 : kept.bytes());
        m.put("oldestReceivedAt", kept == null || kept.oldestReceivedAt() == 0 ? null : time(kept.oldestReceivedAt()));
        m.put("held", kept == null ? 0 : kept.held());
        return m;
    }

    private static String time(long millis) {
        return millis == 0 ? null : Instant.ofEpochMilli(millis).toString();
    }
}
