package io.ductus.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.ductus.client.events.EventListener;
import io.ductus.client.events.EventStream;
import io.ductus.client.model.AuditPage;
import io.ductus.client.model.Changed;
import io.ductus.client.model.CreatedToken;
import io.ductus.client.model.Destination;
import io.ductus.client.model.Dismiss;
import io.ductus.client.model.Drain;
import io.ductus.client.model.Edit;
import io.ductus.client.model.Edited;
import io.ductus.client.model.EngineInfo;
import io.ductus.client.model.Health;
import io.ductus.client.model.Hotspots;
import io.ductus.client.model.InterfaceInfo;
import io.ductus.client.model.InterfaceList;
import io.ductus.client.model.Me;
import io.ductus.client.model.Message;
import io.ductus.client.model.MessagePage;
import io.ductus.client.model.NewToken;
import io.ductus.client.model.NewUser;
import io.ductus.client.model.PasswordChange;
import io.ductus.client.model.PasswordSet;
import io.ductus.client.model.Payload;
import io.ductus.client.model.QuarantinePage;
import io.ductus.client.model.Ready;
import io.ductus.client.model.Resend;
import io.ductus.client.model.ResendQuarantined;
import io.ductus.client.model.ResentQuarantined;
import io.ductus.client.model.RetriedNow;
import io.ductus.client.model.Session;
import io.ductus.client.model.SignIn;
import io.ductus.client.model.TokenList;
import io.ductus.client.model.User;
import io.ductus.client.model.UserList;
import java.io.IOException;
import java.net.ConnectException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The typed client of a Ductus engine's REST API (/api/v1), for the studio and the CLI. Each method is one
 * {@link Operation}, blocks until the answer (call it off any UI thread) and returns the answer as a record,
 * or throws {@link ApiException}. It calls with a token ({@link #withToken}) or, after {@link #signIn}, with
 * the session cookie and its CSRF token. Thread-safe; one instance per engine. Beyond {@link DuctusApi} (what
 * the studio uses) it calls what the CLI needs: resend by filter, retry now, hotspots, {@link #alerts()} and
 * {@link #design()}.
 */
public final class DuctusClient implements DuctusApi, AutoCloseable {

    /** Jackson as the API writes JSON: ISO instants, unknown fields ignored (newer engines add fields). */
    public static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

    private static final Pattern CHARSET = Pattern.compile("charset=([^;\\s]+)", Pattern.CASE_INSENSITIVE);

    private final URI base;
    private final HttpClient http;
    private final Duration timeout;
    private volatile String token;
    private volatile String csrfToken;
    private final AlertsClient alerts = new AlertsClient(this);
    private final DesignClient design = new DesignClient(this);
    private final ReplayClient replays = new ReplayClient(this);

    private DuctusClient(URI base, String token, Duration connectTimeout, Duration timeout) {
        this(base, token, connectTimeout, timeout, null);
    }

    /** @param tls the TLS an https:// engine is called with (the CA it trusts, a client certificate); null: the JDK's */
    private DuctusClient(URI base, String token, Duration connectTimeout, Duration timeout, javax.net.ssl.SSLContext tls) {
        this.base = normalize(base);
        this.token = token;
        this.timeout = timeout;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(connectTimeout).cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER);
        if (tls != null) builder.sslContext(tls);
        this.http = builder.build();
    }

    /** A client that sends this token (dux_…) with every call. */
    public static DuctusClient withToken(URI base, String token) {
        return withToken(base, token, null);
    }

    /** The same, calling an https:// engine with this TLS (one that trusts the API's CA, say); null: the JDK's. */
    public static DuctusClient withToken(URI base, String token, javax.net.ssl.SSLContext tls) {
        return new DuctusClient(base, Objects.requireNonNull(token, "token"), Duration.ofSeconds(5), Duration.ofSeconds(30), tls);
    }

    /** A client with no caller yet: {@link #signIn} makes it one. */
    public static DuctusClient anonymous(URI base) {
        return new DuctusClient(base, null, Duration.ofSeconds(5), Duration.ofSeconds(30));
    }

    /** The same, with other timeouts (connecting, and the whole call). */
    public static DuctusClient anonymous(URI base, Duration connectTimeout, Duration timeout) {
        return new DuctusClient(base, null, connectTimeout, timeout);
    }

    @Override
    public URI base() {
        return base;
    }

    /** Calls with this token from now on (null: with the session, if any). */
    public void useToken(String newToken) {
        this.token = newToken;
    }

    // ---- signing in

    /** Signs in with a user name and password: later calls carry the session cookie and CSRF token. */
    @Override
    public Session signIn(String username, String password) {
        Session session = call(Operation.CREATE_SESSION, Operation.CREATE_SESSION.path(), new SignIn(username, password), Session.class);
        this.token = null;
        this.csrfToken = session.csrfToken();
        return session;
    }

    /** Ends this session on the engine (a token caller has none to end: nothing is sent). */
    @Override
    public void signOut() {
        if (csrfToken == null) return;
        try {
            call(Operation.DELETE_SESSION, Operation.DELETE_SESSION.path(), null, Void.class);
        } finally {
            csrfToken = null;
        }
    }

    @Override
    public Me me() {
        return get(Operation.GET_ME, Operation.GET_ME.path(), Me.class);
    }

    @Override
    public void changePassword(String current, String replacement) {
        call(Operation.CHANGE_MY_PASSWORD, Operation.CHANGE_MY_PASSWORD.path(), new PasswordChange(current, replacement), Void.class);
    }

    // ---- the engine

    @Override
    public Health health() {
        return get(Operation.GET_HEALTH, Operation.GET_HEALTH.path(), Health.class);
    }

    @Override
    public Ready ready() {
        return get(Operation.GET_READY, Operation.GET_READY.path(), Ready.class);
    }

    @Override
    public EngineInfo engine() {
        return get(Operation.GET_ENGINE, Operation.GET_ENGINE.path(), EngineInfo.class);
    }

    @Override
    public InterfaceList interfaces() {
        return get(Operation.LIST_INTERFACES, Operation.LIST_INTERFACES.path(), InterfaceList.class);
    }

    @Override
    public InterfaceInfo anInterface(String name) {
        return get(Operation.GET_INTERFACE, Operation.GET_INTERFACE.expand(name), InterfaceInfo.class);
    }

    @Override
    public Destination pause(String interfaceName, String destination) {
        return call(Operation.PAUSE_DESTINATION, Operation.PAUSE_DESTINATION.expand(interfaceName, destination), null, Destination.class);
    }

    @Override
    public Destination resume(String interfaceName, String destination) {
        return call(Operation.RESUME_DESTINATION, Operation.RESUME_DESTINATION.expand(interfaceName, destination), null, Destination.class);
    }

    /** Retry now: the destination's deliveries waiting for their back-off are due at once (operator; audited). */
    public RetriedNow retryNow(String interfaceName, String destination) {
        return call(Operation.RETRY_DESTINATION, Operation.RETRY_DESTINATION.expand(interfaceName, destination), null, RetriedNow.class);
    }

    /** Where the backlogs sit: blocked lanes, a receiver that looks down, hot keys, lanes no worker reads. */
    public Hotspots hotspots() {
        return get(Operation.GET_HOTSPOTS, Operation.GET_HOTSPOTS.path(), Hotspots.class);
    }

    /** The alert operations: alerts, their history, acknowledging, silences, the outbox and channels. */
    public AlertsClient alerts() {
        return alerts;
    }

    /** The design operations: revisions, diffs, deploys, rollback, removal, drafts, trials. */
    @Override
    public DesignClient design() {
        return design;
    }

    /** The replay operations: start, follow, rows, make a test, cancel. */
    @Override
    public ReplayClient replays() {
        return replays;
    }

    @Override
    public io.ductus.client.model.Retention retention() {
        return get(Operation.GET_RETENTION, Operation.GET_RETENTION.path(), io.ductus.client.model.Retention.class);
    }

    @Override
    public io.ductus.client.model.InterfaceRetention confirmRetention(String interfaceName) {
        return call(Operation.CONFIRM_RETENTION, Operation.CONFIRM_RETENTION.expand(interfaceName), null,
                io.ductus.client.model.InterfaceRetention.class);
    }

    @Override
    public Drain drain() {
        return get(Operation.GET_DRAIN, Operation.GET_DRAIN.path(), Drain.class);
    }

    @Override
    public Drain startDrain() {
        return call(Operation.START_DRAIN, Operation.START_DRAIN.path(), null, Drain.class);
    }

    @Override
    public Drain stopDrain() {
        return call(Operation.STOP_DRAIN, Operation.STOP_DRAIN.path(), null, Drain.class);
    }

    // ---- engines on one database

    /** The live engines on the engine's database, each with the interfaces it delivers. */
    public io.ductus.client.model.EngineList engines() {
        return get(Operation.LIST_ENGINES, Operation.LIST_ENGINES.path(), io.ductus.client.model.EngineList.class);
    }

    /** Asks the engines to hand engine {@code engineId}'s interfaces to the others (it goes on receiving). */
    public io.ductus.client.model.EngineList drainEngine(String engineId) {
        return call(Operation.DRAIN_ENGINE, Operation.DRAIN_ENGINE.expand(engineId), null, io.ductus.client.model.EngineList.class);
    }

    /** Asks that engine {@code toEngineId} deliver the interface from now on. */
    public io.ductus.client.model.EngineList moveInterface(String interfaceName, String toEngineId) {
        return call(Operation.MOVE_INTERFACE, Operation.MOVE_INTERFACE.expand(interfaceName),
                new io.ductus.client.model.InterfaceMove(toEngineId), io.ductus.client.model.EngineList.class);
    }

    // ---- messages

    @Override
    public MessagePage messages(MessageQuery q) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("interface", q.interfaceName());
        query.put("status", q.status());
        query.put("from", q.from());
        query.put("to", q.to());
        query.put("text", q.text());
        query.put("scanLimit", q.scanLimit());
        query.put("before", q.before());
        query.put("limit", q.limit());
        return get(Operation.LIST_MESSAGES, Operation.LIST_MESSAGES.path() + queryString(query), MessagePage.class);
    }

    @Override
    public Message message(long id) {
        return get(Operation.GET_MESSAGE, Operation.GET_MESSAGE.expand(id), Message.class);
    }

    /** The payload as stored (needs the payloads permission; the engine audits the read). */
    @Override
    public Payload payload(long id) {
        return text(Operation.GET_MESSAGE_PAYLOAD, Operation.GET_MESSAGE_PAYLOAD.expand(id));
    }

    /** What a destination saved of its delivery (payloads permission; audited). */
    @Override
    public Payload output(long id, String destination) {
        return text(Operation.GET_DELIVERY_OUTPUT, Operation.GET_DELIVERY_OUTPUT.expand(id, destination));
    }

    /** Quarantined deliveries, newest message first; {@code after} is the previous page's next (null for the first). */
    @Override
    public QuarantinePage quarantine(String interfaceName, QuarantinePage.Cursor after, int limit) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("interface", interfaceName);
        query.put("before", after == null ? null : after.before());
        query.put("beforeDestination", after == null ? null : after.beforeDestination());
        query.put("limit", limit);
        return get(Operation.LIST_QUARANTINE, Operation.LIST_QUARANTINE.path() + queryString(query), QuarantinePage.class);
    }

    @Override
    public Changed resend(Resend request) {
        return call(Operation.RESEND_MESSAGES, Operation.RESEND_MESSAGES.path(), request, Changed.class);
    }

    /** Every quarantined message of an interface received in a time window goes again, in batches, as one audited action. */
    public ResentQuarantined resendQuarantined(ResendQuarantined request) {
        return call(Operation.RESEND_QUARANTINED, Operation.RESEND_QUARANTINED.path(), request, ResentQuarantined.class);
    }

    @Override
    public Edited edit(long id, Edit request) {
        return call(Operation.EDIT_MESSAGE, Operation.EDIT_MESSAGE.expand(id), request, Edited.class);
    }

    @Override
    public Changed dismiss(Dismiss request) {
        return call(Operation.DISMISS_MESSAGES, Operation.DISMISS_MESSAGES.path(), request, Changed.class);
    }

    // ---- audit, users, tokens

    @Override
    public AuditPage audit(Long before, int limit) {
        return get(Operation.LIST_AUDIT, Operation.LIST_AUDIT.path() + queryString(paging(before, limit)), AuditPage.class);
    }

    @Override
    public AuditPage myActivity(Long before, int limit) {
        return get(Operation.LIST_MY_ACTIVITY, Operation.LIST_MY_ACTIVITY.path() + queryString(paging(before, limit)), AuditPage.class);
    }

    @Override
    public UserList users() {
        return get(Operation.LIST_USERS, Operation.LIST_USERS.path(), UserList.class);
    }

    @Override
    public User createUser(NewUser user) {
        return call(Operation.CREATE_USER, Operation.CREATE_USER.path(), user, User.class);
    }

    @Override
    public void setUserPassword(long id, String password) {
        call(Operation.SET_USER_PASSWORD, Operation.SET_USER_PASSWORD.expand(id), new PasswordSet(password), Void.class);
    }

    @Override
    public TokenList tokens() {
        return get(Operation.LIST_TOKENS, Operation.LIST_TOKENS.path(), TokenList.class);
    }

    @Override
    public CreatedToken createToken(NewToken request) {
        return call(Operation.CREATE_TOKEN, Operation.CREATE_TOKEN.path(), request, CreatedToken.class);
    }

    @Override
    public void revokeToken(long id) {
        call(Operation.REVOKE_TOKEN, Operation.REVOKE_TOKEN.expand(id), null, Void.class);
    }

    // ---- events

    /**
     * Follows the engine's server-sent events on a thread of its own until closed: reconnects with back-off
     * when the stream ends, and tells the listener to read the state again (resync) whenever it may have
     * missed something.
     */
    @Override
    public EventStream events(EventListener listener) {
        return EventStream.open(this, listener);
    }

    /** The request that opens the event stream, with this client's credentials; for {@link EventStream}. */
    public HttpRequest.Builder eventsRequest(String lastEventId) {
        HttpRequest.Builder r = authorized(HttpRequest.newBuilder(resolve(Operation.STREAM_EVENTS.path())).GET()
                .header("Accept", "text/event-stream"), "GET");
        if (lastEventId != null) r.header("Last-Event-ID", lastEventId);
        return r;
    }

    public HttpClient http() {
        return http;
    }

    @Override
    public void close() {
        http.close();
    }

    // ---- mechanics

    <T> T get(Operation op, String path, Class<T> type) {
        return call(op, path, null, type);
    }

    <T> T call(Operation op, String path, Object body, Class<T> type) {
        HttpResponse<String> response = send(op, path, body, "application/json");
        if (type == Void.class || response.body().isEmpty()) return null;
        try {
            return JSON.readValue(response.body(), type);
        } catch (JsonProcessingException e) {
            throw new ApiException(ApiException.Kind.OTHER, response.statusCode(), "Unexpected answer",
                    op.operationId() + " answered what is not a " + type.getSimpleName() + ": " + e.getOriginalMessage());
        }
    }

    private Payload text(Operation op, String path) {
        HttpResponse<String> response = send(op, path, null, "text/plain");
        return new Payload(response.body(), charsetOf(response));
    }

    /**
     * An operation this client has no typed method for yet (ClientContractTest names each in its NOT_TYPED list),
     * its answer as a JSON tree (empty for 204): for {@code ductus replay} until the replay's records are written.
     * Same credentials and errors as the typed calls; prefer a typed method.
     */
    public JsonNode json(String method, String path, Object body) {
        HttpResponse<String> response = send(method, method + " " + path, path, body, "application/json");
        try {
            return response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
        } catch (JsonProcessingException e) {
            throw new ApiException(ApiException.Kind.OTHER, response.statusCode(), "Unexpected answer", path + " answered what is not JSON");
        }
    }

    private HttpResponse<String> send(Operation op, String path, Object body, String accept) {
        return send(op.method(), op.operationId(), path, body, accept);
    }

    private HttpResponse<String> send(String method, String name, String path, Object body, String accept) {
        String json;
        try {
            json = body == null ? null : JSON.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("cannot write " + body.getClass().getSimpleName() + " as JSON", e);
        }
        HttpRequest.Builder request = authorized(HttpRequest.newBuilder(resolve(path)).timeout(timeout).header("Accept", accept)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)), method);
        if (json != null) request.header("Content-Type", "application/json");
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpConnectTimeoutException e) {
            throw ApiException.unreachable(base + " did not accept a connection within the connect timeout");
        } catch (ConnectException e) {
            throw ApiException.unreachable("connection refused at " + base + ": is the engine running there?");
        } catch (HttpTimeoutException e) {
            throw ApiException.unreachable(base + " did not answer within " + timeout.toSeconds() + " s");
        } catch (IOException e) {
            ApiException unreachable = ApiException.unreachable("cannot reach " + base + ": " + (e.getMessage() == null ? e.toString()
                    : e.getMessage()));
            unreachable.initCause(e); // a refused TLS handshake's reasons, for whoever reads them
            throw unreachable;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unreachable("interrupted while calling " + name);
        }
        if (response.statusCode() / 100 == 2) return response;
        throw problem(response);
    }

    /** The problem document of a refusal as an exception (a body that is none still says the status). */
    static ApiException problem(HttpResponse<String> response) {
        String title = "HTTP " + response.statusCode();
        String detail = response.body();
        java.util.List<String> problems = new java.util.ArrayList<>();
        try {
            JsonNode problem = JSON.readTree(response.body());
            if (problem != null && problem.isObject()) {
                title = problem.path("title").asText(title);
                detail = problem.path("detail").asText(detail);
                for (JsonNode p : problem.path("problems")) problems.add(p.isTextual() ? p.asText() : p.path("text").asText(p.toString()));
            }
        } catch (IOException e) {
            // not JSON: the body as it is
        }
        return ApiException.of(response.statusCode(), title, detail, problems);
    }

    private HttpRequest.Builder authorized(HttpRequest.Builder request, String method) {
        String t = token;
        if (t != null) request.header("Authorization", "Bearer " + t);
        else if (csrfToken != null && !method.equals("GET")) request.header("X-CSRF-Token", csrfToken);
        return request;
    }

    private URI resolve(String path) {
        return URI.create(base.toString() + path);
    }

    private static URI normalize(URI base) {
        String s = base.toString();
        while (s.endsWith("/")) s = s.substring(0, s.length() - 1);
        return URI.create(s);
    }

    static Map<String, Object> paging(Long before, int limit) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("before", before);
        query.put("limit", limit);
        return query;
    }

    /** {@code ?a=1&b=x} of the values that are set; empty when none is. */
    static String queryString(Map<String, Object> parameters) {
        StringBuilder q = new StringBuilder();
        parameters.forEach((name, value) -> {
            if (value == null) return;
            q.append(q.isEmpty() ? '?' : '&').append(name).append('=')
                    .append(URLEncoder.encode(value.toString(), StandardCharsets.UTF_8));
        });
        return q.toString();
    }

    private static Charset charsetOf(HttpResponse<?> response) {
        Matcher m = CHARSET.matcher(response.headers().firstValue("Content-Type").orElse(""));
        try {
            return m.find() ? Charset.forName(m.group(1).replace("\"", "")) : StandardCharsets.UTF_8;
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
