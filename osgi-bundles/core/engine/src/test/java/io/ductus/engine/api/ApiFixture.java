package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.connector.file.FileConnectorFactory;
import io.ductus.connector.mllp.MllpConnectorFactory;
import io.ductus.core.auth.Credentials;
import io.ductus.connector.listener.ListenerLimits;
import io.ductus.core.auth.Lockout;
import io.ductus.core.auth.Passwords;
import io.ductus.core.auth.SessionPolicy;
import io.ductus.engine.EngineSettings;
import io.ductus.engine.EngineStatus;
import io.ductus.engine.monitor.CountsWatcher;
import io.ductus.engine.monitor.EngineMetrics;
import io.ductus.engine.monitor.EventHub;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.engine.plugins.TestRegistries;
import io.ductus.engine.runtime.EngineRuntime;
import io.ductus.project.ProjectLoader;
import io.ductus.sdk.config.HostPort;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import io.ductus.sdk.hl7.MllpFraming;
import io.ductus.sdk.testkit.TestClock;
import io.ductus.store.DeliveryOutcome;
import io.ductus.store.DestinationRef;
import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.NewToken;
import io.ductus.store.account.NewUser;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import io.ductus.store.alert.AlertChangeSet;
import io.ductus.store.alert.AlertRecord;
import io.ductus.store.alert.NewEvent;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodySubscriber;
import java.net.http.HttpResponse.BodySubscribers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real API server on a free port over a real SQLite file, with a clock the test moves, and a plain
 * HTTP client. Callers are made straight in the store (fast), signed in through the API when a test needs
 * a session. {@link #withInterfaces()} also runs a real engine runtime: interface {@code adt}, an MLLP
 * source and two file destinations, {@code archive} and {@code lab}.
 */
final class ApiFixture implements AutoCloseable {

    static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");
    static final String PASSWORD = "a long enough password";
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final String PASSWORD_HASH = Passwords.hash(PASSWORD, new byte[Passwords.SALT_BYTES]);

    /** Event streams of the fixture send a keep-alive comment after this long without events. */
    static final Duration KEEP_ALIVE = Duration.ofMillis(500);

    final TestClock clock = new TestClock(T0);
    final Path folder;
    final JdbcStore store;
    final AccountStore accounts;
    final EngineStatus status;
    final EventHub events = new EventHub();
    final EngineMetrics metrics = new EngineMetrics();
    /** The connector types the engine runs with (its API lists none: the route table tests read it empty). */
    final ConnectorRegistry registry = TestRegistries.with(new MllpConnectorFactory(), new FileConnectorFactory());
    /** The budget of bytes in flight and the refusal counts the API shares with the listeners in the engine. */
    final ListenerLimits listeners = ListenerLimits.defaults();
    final Api api;
    final ApiServer server;
    private final HttpClient http;
    private final SecureRandom random = new SecureRandom();
    private volatile EngineRuntime runtime;
    private com.sun.net.httpserver.HttpServer hooks;
    private CountsWatcher counts;
    private int mllpPort;

    ApiFixture() throws Exception {
        this(KEEP_ALIVE);
    }

    /** @param keepAlive how long event streams stay silent before a keep-alive comment */
    ApiFixture(Duration keepAlive) throws Exception {
        this(keepAlive, java.util.Optional.empty(), HttpClient.newHttpClient());
    }

    /** The API with TLS, called with the given client (one that trusts the listener's CA). */
    static ApiFixture withTls(io.ductus.connector.listener.tls.ServerTls tls, HttpClient client) throws Exception {
        return new ApiFixture(KEEP_ALIVE, java.util.Optional.of(tls), client);
    }

    private ApiFixture(Duration keepAlive, java.util.Optional<io.ductus.connector.listener.tls.ServerTls> tls, HttpClient client)
            throws Exception {
        http = client;
        folder = Files.createTempDirectory("ductus-api");
        store = SqliteStores.open(folder.resolve("ductus.db"));
        accounts = store.accounts();
        status = new EngineStatus(settings(folder), clock);
        api = new Api(new EngineParts(status, List::of, new ConnectorRegistry(), List::of, () -> runtime, store, events, metrics),
                clock, "1.2.3", Lockout.DEFAULT, SessionPolicy.DEFAULT, keepAlive, ApiLimits.defaults(2, listeners.refusals()));
        server = new ApiServer(HostPort.parse("127.0.0.1:0"), api.router(), listeners);
        server.secure(tls, java.util.Optional.empty());
        server.start();
    }

    /** The fixture with a running engine: interface adt (MLLP in) with file destinations archive and lab. */
    static ApiFixture withInterfaces() throws Exception {
        ApiFixture f = new ApiFixture();
        f.startInterfaces();
        return f;
    }

    /** The fixture with a running engine whose MLLP source must listen on this port (taken, say). */
    static ApiFixture withInterfacesOn(int port) throws Exception {
        ApiFixture f = new ApiFixture();
        f.mllpPort = port;
        f.startInterfaces();
        return f;
    }

    private void startInterfaces() throws IOException {
        if (mllpPort == 0) {
            try (ServerSocket s = new ServerSocket(0)) {
                mllpPort = s.getLocalPort();
            }
        }
        Path project = folder.resolve("project");
        Files.createDirectories(project.resolve("interfaces/adt"));
        Files.writeString(project.resolve("interfaces/adt/interface.yaml"), """
                source: { type: mllp, listen: 127.0.0.1:%d }
                format: hl7
                ordering: { key: PID-3.1, partitions: 2 }
                dedupe: MSH-10
                destinations:
                  archive: { type: file, path: "archive/{id}.hl7", fsync: false }
                  lab: { type: file, path: "lab/{id}.hl7", fsync: false }
                """.formatted(mllpPort));
        hooks = com.sun.net.httpserver.HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        hooks.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        hooks.start();
        // replays spread over three threads, more than the cores of a small machine: rows must come back in id order all the same
        Files.writeString(project.resolve("ductus.yaml"), """
                replay: { threads: 3 }
                alerts:
                  channels:
                    hook: { type: webhook, url: "http://127.0.0.1:%d/hook" }
                  rules:
                    all: { states: [stopped, stalled, error], notify: hook }
                """.formatted(hooks.getAddress().getPort()));
        // The runtime keeps real time (retries, latencies); the API's clock is the test's.
        runtime = EngineRuntime.start(ProjectLoader.read(project), project, registry, store, Clock.systemUTC(), folder.resolve("data"),
                metrics, events);
        counts = new CountsWatcher(events, store, runtime.interfaces()::destinations).start();
        status.running();
    }

    /** The port interface adt's MLLP source listens on. */
    int mllpPort() {
        return mllpPort;
    }

    EngineRuntime runtime() {
        return runtime;
    }

    /** A firing, unacknowledged alert of a target of its own, as a judging round would have stored it. */
    long firingAlert() {
        AlertRecord firing = new AlertRecord(0, unique("adt/t"), "destination", "adt", "firing", "stalled", "3 waiting", "warning",
                "all", T0.toEpochMilli(), T0.toEpochMilli(), T0.toEpochMilli(), null, null, null, null, "hook", 1, 0, 0);
        return store.alerts().change(new AlertChangeSet(firing, List.of(new NewEvent("fired", "stalled", null)), List.of(),
                (n, g) -> T0.toEpochMilli(), null), T0.toEpochMilli()).orElseThrow().id();
    }

    /** A silence of interface adt for an hour from now. */
    long silence() {
        long now = System.currentTimeMillis();
        return store.alerts().addSilence("adt", now, now + 3_600_000, "maintenance", "cli:test", now, null).id();
    }

    Path project() {
        return folder.resolve("project");
    }

    /** An internal interface's interface.yaml with one file destination {@code out} and the code given (null: none). */
    static Map<String, String> internalInterface(String name, String transformJs) {
        Map<String, String> files = new java.util.LinkedHashMap<>();
        files.put("interfaces/" + name + "/interface.yaml", """
                source: internal
                format: text
                destinations:
                  out: { type: file, path: "%s/{id}.txt", fsync: false }
                """.formatted(name));
        if (transformJs != null) files.put("interfaces/" + name + "/transform.js", transformJs);
        return files;
    }

    /** Deploys a new internal interface through the API (an operator's token); its revision number. */
    int deployNew(String name, String transformJs) throws Exception {
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("base", null);
        body.put("files", internalInterface(name, transformJs));
        HttpResponse<String> r = withToken("POST", "/api/v1/interfaces/" + name + "/deploy", token("operator"), json(body));
        if (r.statusCode() != 200) throw new AssertionError("deploy of " + name + " failed: " + r.statusCode() + " " + r.body());
        return read(r).get("revision").get("revision").asInt();
    }

    /** Sends one HL7 message to interface adt over MLLP; its ACK code, or null when nothing listens. */
    AckCode sendHl7(String controlId, String patient) throws IOException {
        String message = "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + controlId + "|P|2.5\rPID|1||" + patient + "\r";
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", mllpPort), 2000);
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(MllpFraming.frame(message.getBytes(StandardCharsets.ISO_8859_1)));
            return Hl7Ack.read(MllpFraming.readFrame(socket.getInputStream(), 1 << 20)).code();
        } catch (java.net.ConnectException e) {
            return null;
        }
    }

    /** The engine's parts with nothing running and no database: for tests that only read the route table. */
    static EngineParts idle() {
        EngineStatus status = new EngineStatus(settings(Path.of("/d")), Clock.systemUTC());
        return new EngineParts(status, List::of, new ConnectorRegistry(), List::of, () -> null, null, new EventHub(), new EngineMetrics());
    }

    private static EngineSettings settings(Path folder) {
        return EngineSettings.from(Map.of(EngineSettings.VERSION, "1.2.3", EngineSettings.PROJECT, "/p",
                EngineSettings.DATA, folder.toString(), EngineSettings.DATABASE, "sqlite:" + folder.resolve("ductus.db"),
                EngineSettings.API_LISTEN, "127.0.0.1:0", EngineSettings.PLUGINS, "/plugins")::get);
    }

    static String unique(String prefix) {
        return prefix + "-" + NAMES.incrementAndGet();
    }

    /** A token made in the store: the secret to send. */
    String token(String role, String... permissions) {
        return token(role, null, permissions);
    }

    String token(String role, Long ownerId, String... permissions) {
        return madeToken(role, ownerId, permissions).secret();
    }

    /** A token made in the store: its row and its secret. */
    Made madeToken(String role, Long ownerId, String... permissions) {
        String secret = Credentials.token(randomBytes());
        String name = unique("t");
        TokenRecord token = accounts.createToken(new NewToken(name, Credentials.hash(secret), role, Set.of(permissions), ownerId,
                T0.toEpochMilli(), "test"), audit("token.create", "token:" + name));
        return new Made(token, secret);
    }

    record Made(TokenRecord token, String secret) {
    }

    UserRecord user(String role, boolean mustChange, String... permissions) {
        String name = unique("u");
        return accounts.createUser(new NewUser(name, role, Set.of(permissions), PASSWORD_HASH, mustChange, T0.toEpochMilli()),
                audit("user.create", "user:" + name));
    }

    /** Signs in through the API; the session's cookie and anti-CSRF token. */
    Session signIn(String username, String password) throws Exception {
        HttpResponse<String> r = send("POST", "/api/v1/session", Map.of(), json(Map.of("username", username, "password", password)));
        if (r.statusCode() != 201) throw new AssertionError("sign-in failed: " + r.statusCode() + " " + r.body());
        String setCookie = r.headers().firstValue("Set-Cookie").orElseThrow();
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));
        return new Session(cookie, ApiResponse.JSON.readTree(r.body()).get("csrfToken").asText());
    }

    record Session(String cookie, String csrf) {
        Map<String, String> headers(boolean withCsrf) {
            return withCsrf ? Map.of("Cookie", cookie, Authenticator.CSRF_HEADER, csrf) : Map.of("Cookie", cookie);
        }
    }

    HttpResponse<String> send(String method, String path, Map<String, String> headers, String body) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) b.header("Content-Type", "application/json");
        headers.forEach(b::setHeader); // a test's own Content-Type replaces the default
        return http.send(b.build(), info -> info.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")
                ? hangUp("(an event stream, closed after its headers)") : BodySubscribers.ofString(StandardCharsets.UTF_8));
    }

    /** A body subscriber that closes the connection at once: for a stream that never ends. */
    private static BodySubscriber<String> hangUp(String body) {
        return new BodySubscriber<>() {
            @Override
            public CompletionStage<String> getBody() {
                return CompletableFuture.completedFuture(body);
            }

            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.cancel();
            }

            @Override
            public void onNext(List<ByteBuffer> item) {
            }

            @Override
            public void onError(Throwable throwable) {
            }

            @Override
            public void onComplete() {
            }
        };
    }

    /** Opens an event stream: its lines as they come, until the test closes the stream. */
    HttpResponse<java.util.stream.Stream<String>> events(String token, Map<String, String> headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(server.url() + "/api/v1/events"))
                .header("Authorization", "Bearer " + token).header("Accept", "text/event-stream");
        headers.forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofLines());
    }

    HttpResponse<String> withToken(String method, String path, String token, String body) throws IOException, InterruptedException {
        return send(method, path, Map.of("Authorization", "Bearer " + token), body);
    }

    static String json(Object value) {
        try {
            return ApiResponse.JSON.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static JsonNode read(HttpResponse<String> r) throws IOException {
        return ApiResponse.JSON.readTree(r.body());
    }

    /**
     * A message of interface adt stored straight in the store with one delivery, to {@code legacy} (a
     * destination no worker runs, so nothing races the test), quarantined: something to resend, edit or
     * dismiss. Its id.
     */
    long quarantinedMessage() {
        return quarantinedMessageAt(T0.toEpochMilli());
    }

    /** A quarantined message of adt (to legacy) received at this moment. */
    long quarantinedMessageAt(long receivedAt) {
        long id = legacyMessage(receivedAt);
        store.record(List.of(DeliveryOutcome.quarantined(id, LEGACY, 1, "AR: unknown patient")), T0.toEpochMilli());
        return id;
    }

    /** Like {@link #quarantinedMessage()}, but sent to {@code legacy}, which saved "ACK-" and the id as its output. */
    long messageWithOutput() {
        long id = legacyMessage();
        store.record(List.of(DeliveryOutcome.sent(id, LEGACY, 1, ("ACK-" + id).getBytes(StandardCharsets.UTF_8), "UTF-8")),
                T0.toEpochMilli());
        return id;
    }

    static final DestinationRef LEGACY = new DestinationRef("adt", "legacy");

    private long legacyMessage() {
        return legacyMessage(T0.toEpochMilli());
    }

    private long legacyMessage(long receivedAt) {
        byte[] payload = ("MSH|^~\\&|T|F|D|F|20261129||ADT^A01|" + unique("Q") + "|P|2.5\rPID|1||Q1\r")
                .getBytes(StandardCharsets.ISO_8859_1);
        return store.store(IntakeBatch.of("adt", Durability.RELAXED, List.of(new NewMessage(receivedAt, payload,
                "ISO-8859-1", "Q1", 0, null, List.of("legacy"), null))), receivedAt).get(0).id();
    }

    /** Every audit row about {@code target}, newest first. */
    List<AuditRecord> auditOf(String target) {
        return accounts.audit(new AuditQuery(null, AuditQuery.MAX_LIMIT, null, null)).entries().stream()
                .filter(r -> target.equals(r.entry().target())).toList();
    }

    private byte[] randomBytes() {
        byte[] b = new byte[Credentials.RANDOM_BYTES];
        random.nextBytes(b);
        return b;
    }

    private static AuditEntry audit(String action, String target) {
        return new AuditEntry(T0.toEpochMilli(), "cli:test", null, null, "cli", null, action, target, "ok", null);
    }

    @Override
    public void close() {
        if (hooks != null) hooks.stop(0);
        if (counts != null) counts.close();
        if (runtime != null) runtime.stop();
        server.stop();
        store.close();
    }
}
