package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.Credentials;
import io.ductus.core.auth.Passwords;
import io.ductus.engine.EngineSettings;
import io.ductus.engine.EngineStatus;
import io.ductus.engine.plugins.ConnectorRegistry;
import io.ductus.sdk.config.HostPort;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.NewToken;
import io.ductus.store.account.NewUser;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.sqlite.SqliteStores;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real API server on a free port over a real SQLite file, with a clock the test moves, and a plain
 * HTTP client. Callers are made straight in the store (fast), signed in through the API when a test needs
 * a session.
 */
final class ApiFixture implements AutoCloseable {

    static final Instant T0 = Instant.parse("2026-03-02T09:00:00Z");
    static final String PASSWORD = "a long enough password";
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final String PASSWORD_HASH = Passwords.hash(PASSWORD, new byte[Passwords.SALT_BYTES]);

    final TestClock clock = new TestClock(T0);
    final JdbcStore store;
    final AccountStore accounts;
    final EngineStatus status;
    final Api api;
    final ApiServer server;
    private final HttpClient http = HttpClient.newHttpClient();
    private final SecureRandom random = new SecureRandom();

    ApiFixture() throws Exception {
        Path folder = Files.createTempDirectory("ductus-api");
        store = SqliteStores.open(folder.resolve("ductus.db"));
        accounts = store.accounts();
        EngineSettings settings = EngineSettings.from(Map.of(EngineSettings.VERSION, "1.2.3", EngineSettings.PROJECT, "/p",
                EngineSettings.DATA, folder.toString(), EngineSettings.DATABASE, "sqlite:" + folder.resolve("ductus.db"),
                EngineSettings.API_LISTEN, "127.0.0.1:0", EngineSettings.PLUGINS, "/plugins")::get);
        status = new EngineStatus(settings, clock);
        EngineRoutes engine = new EngineRoutes(status, List::of, new ConnectorRegistry(), List::of, () -> null);
        api = new Api(engine, accounts, clock, "1.2.3");
        server = new ApiServer(HostPort.parse("127.0.0.1:0"), api.router());
        server.start();
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
        headers.forEach(b::header);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
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
        server.stop();
        store.close();
    }
}
