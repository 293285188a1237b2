package io.ductus.engine.api;

import io.ductus.core.auth.Lockout;
import io.ductus.core.auth.SessionPolicy;
import io.ductus.engine.design.Deployer;
import io.ductus.engine.design.Trials;
import io.ductus.store.account.AccountStore;
import java.time.Duration;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The route table: every operation of /api/v1 in one list, which yields the router, the OpenAPI document
 * (itself served from the table: GET /api/v1/openapi.json) and docs/rest-api.md.
 */
public final class Api {

    private final List<Route> routes;
    private final Router router;
    private final Map<String, Object> openApi;

    public Api(EngineParts engine, Clock clock, String version) {
        this(engine, clock, version, Lockout.DEFAULT, SessionPolicy.DEFAULT, EventRoutes.KEEP_ALIVE);
    }

    /** @param keepAlive how long an event stream may be silent before a keep-alive comment is sent */
    public Api(EngineParts engine, Clock clock, String version, Lockout lockout, SessionPolicy sessions, Duration keepAlive) {
        PasswordHasher hasher = new PasswordHasher();
        RandomSecrets secrets = new RandomSecrets();
        AccountStore accounts = engine.store() == null ? null : engine.store().accounts();
        List<Route> all = new ArrayList<>(new EngineRoutes(engine).routes());
        all.add(Route.get("/api/v1/openapi.json", "getOpenApi", "This API described in OpenAPI 3.1")
                .returns(200, "OpenApi").handle((r, c) -> ApiResponse.json(200, openApi())));
        all.addAll(new InterfaceRoutes(engine.runtime(), engine.store(), engine.metrics().activity(), clock).routes());
        all.addAll(new DrainRoutes(engine.runtime(), engine.store(), clock).routes());
        all.addAll(new MessageRoutes(engine.runtime(), engine.store(), engine.events(), clock).routes());
        all.addAll(new DeployRoutes(new Deployer(engine.runtime(), engine.store(), clock), engine.store(), clock).routes());
        all.addAll(new RevisionRoutes(engine.runtime(), engine.store()).routes());
        all.addAll(new DraftRoutes(engine.store(), clock).routes());
        all.addAll(new TrialRoutes(engine.runtime(), engine.store(), new Trials(engine.runtime(), clock), clock).routes());
        all.addAll(new ReplayRoutes(new io.ductus.engine.replay.ReplayJobs(engine.runtime(), engine.store(), engine.events(), clock),
                engine.store(), clock, engine.runtime()).routes());
        all.addAll(new SchemaRoutes(engine.connectors()).routes());
        all.add(new EventRoutes(engine.events(), keepAlive).route());
        all.add(new MetricsRoutes(engine.metrics(), engine.runtime(), engine.store()).route());
        all.add(new HotspotRoutes(engine.runtime()).route());
        all.addAll(new AlertRoutes(engine.runtime(), clock).routes());
        all.addAll(new SessionRoutes(accounts, clock, hasher, secrets, lockout, sessions).routes());
        all.addAll(new MeRoutes(accounts, clock, hasher).routes());
        all.addAll(new AuditRoutes(accounts).routes());
        all.addAll(new UserRoutes(accounts, clock, hasher).routes());
        all.addAll(new TokenRoutes(accounts, clock, secrets).routes());
        this.routes = List.copyOf(all);
        this.router = new Router(routes, new Authenticator(accounts, clock, sessions));
        this.openApi = OpenApiDocument.of(routes, version);
    }

    public List<Route> routes() {
        return routes;
    }

    public Router router() {
        return router;
    }

    public Map<String, Object> openApi() {
        return openApi;
    }
}
