package io.ductus.engine.api;

import io.ductus.connector.listener.Refusals;
import io.ductus.core.auth.Lockout;
import io.ductus.core.auth.SessionPolicy;
import io.ductus.engine.design.Deployer;
import io.ductus.engine.design.Trials;
import io.ductus.store.Store;
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

    /** How long an event stream may be silent before a keep-alive comment is sent, unless told. */
    public static final Duration KEEP_ALIVE = EventRoutes.KEEP_ALIVE;

    private final List<Route> routes;
    private final Router router;
    private final Map<String, Object> openApi;
    private final Deployer deployer;

    public Api(EngineParts engine, Clock clock, String version) {
        this(engine, clock, version, Lockout.DEFAULT, SessionPolicy.DEFAULT, EventRoutes.KEEP_ALIVE);
    }

    /** @param keepAlive how long an event stream may be silent before a keep-alive comment is sent */
    public Api(EngineParts engine, Clock clock, String version, Lockout lockout, SessionPolicy sessions, Duration keepAlive) {
        this(engine, clock, version, lockout, sessions, keepAlive,
                ApiLimits.defaults(Runtime.getRuntime().availableProcessors(), new Refusals()));
    }

    /**
     * Every operation reads and writes through the store's view for callers ({@link Store#forCallers()}): its own
     * connections, so that browsing never takes those intake and the workers need; readiness asks the engine's.
     *
     * @param limits how many of each kind of request are answered at once
     */
    public Api(EngineParts engine, Clock clock, String version, Lockout lockout, SessionPolicy sessions, Duration keepAlive,
               ApiLimits limits) {
        PasswordHasher hasher = new PasswordHasher();
        RandomSecrets secrets = new RandomSecrets();
        Store store = engine.store() == null ? null : engine.store().forCallers();
        AccountStore accounts = store == null ? null : store.accounts();
        List<Route> all = new ArrayList<>(new EngineRoutes(engine).routes());
        all.add(Route.get("/api/v1/openapi.json", "getOpenApi", "This API described in OpenAPI 3.1")
                .returns(200, "OpenApi").handle((r, c) -> ApiResponse.json(200, openApi())));
        all.addAll(new InterfaceRoutes(engine.runtime(), store, engine.metrics().activity(), clock).routes());
        all.addAll(new DrainRoutes(engine.runtime(), store, clock).routes());
        all.addAll(new EnginesRoutes(engine.store(), clock).routes());
        all.addAll(new RetentionRoutes(engine.runtime(), clock).routes());
        all.addAll(new MessageRoutes(engine.runtime(), store, engine.events(), clock).routes());
        this.deployer = new Deployer(engine.runtime(), engine.store(), clock);
        all.addAll(new DeployRoutes(deployer, engine.store(), clock).routes());
        all.addAll(new RevisionRoutes(engine.runtime(), engine.store()).routes());
        all.addAll(new DraftRoutes(engine.store(), clock).routes());
        all.addAll(new TrialRoutes(engine.runtime(), engine.store(), new Trials(engine.runtime(), clock), clock).routes());
        all.addAll(new ReplayRoutes(new io.ductus.engine.replay.ReplayJobs(engine.runtime(), engine.store(), engine.events(), clock),
                engine.store(), clock, engine.runtime()).routes());
        all.addAll(new SchemaRoutes(engine.connectors()).routes());
        all.add(new EventRoutes(engine.events(), keepAlive).route());
        all.add(new MetricsRoutes(engine.metrics(), engine.runtime(), store).route());
        all.add(new CertificateRoutes(engine.metrics(), clock).route());
        all.add(new HotspotRoutes(engine.runtime()).route());
        all.addAll(new AlertRoutes(engine.runtime(), clock).routes());
        all.addAll(new SessionRoutes(accounts, clock, hasher, secrets, lockout, sessions).routes());
        all.addAll(new MeRoutes(accounts, clock, hasher).routes());
        all.addAll(new AuditRoutes(accounts).routes());
        all.addAll(new UserRoutes(accounts, clock, hasher).routes());
        all.addAll(new TokenRoutes(accounts, clock, secrets).routes());
        this.routes = List.copyOf(all);
        this.router = new Router(routes, new Authenticator(accounts, clock, sessions, limits.refusals()), limits);
        io.ductus.engine.StartupSteps.mark("API routes made");
        this.openApi = OpenApiDocument.of(routes, version);
        io.ductus.engine.StartupSteps.mark("API OpenAPI document made");
    }

    /** The deployer the API's deploys go through: the engine's one (it also applies other engines' deploys). */
    public Deployer deployer() {
        return deployer;
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
