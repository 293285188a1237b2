package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Requirement;
import io.ductus.core.auth.Role;
import io.ductus.store.account.UserRecord;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every operation of the route table, over real HTTP on a real SQLite file: 401 without credentials, 403
 * for a caller just below what the access table asks, and success for one who meets it.
 */
class ApiAccessTest {

    private static ApiFixture fixture;

    /**
     * How to call each operation successfully; a new operation without a sample fails this test. Path and
     * body are made when the call is made (some need an interface of their own, deployed first).
     */
    private record Sample(java.util.function.Supplier<String> path, java.util.function.Supplier<String> body,
                          Function<ApiFixture, Caller> caller) {
        static Sample of(String path, String body, Function<ApiFixture, Caller> caller) {
            return new Sample(() -> path, () -> body, caller);
        }
    }

    /** An interface deployed through the API once, for the operations that only read revisions. */
    private static String deployed;

    private static synchronized String deployed() {
        if (deployed == null) deployed = fresh("reads");
        return deployed;
    }

    /** A replay job on record (ended), for the operations that read or cancel one. */
    private static long replay() {
        long id = fixture.store.replays().create("user:sample", "{}", System.currentTimeMillis());
        fixture.store.replays().finish(id, "done", "{}", System.currentTimeMillis());
        return id;
    }

    /** An interface deployed with retention: 1w while 7w is on record: a shorter window waiting for its confirmation. */
    private static String waitingRetention() {
        String name = ApiFixture.unique("keep");
        Map<String, String> files = new java.util.LinkedHashMap<>(ApiFixture.internalInterface(name, null));
        files.computeIfPresent("interfaces/" + name + "/interface.yaml", (k, yaml) -> yaml + "retention: 1w\n");
        Map<String, Object> body = new java.util.LinkedHashMap<>();
        body.put("base", null);
        body.put("files", files);
        try {
            var r = fixture.withToken("POST", "/api/v1/interfaces/" + name + "/deploy", fixture.token("operator"), ApiFixture.json(body));
            if (r.statusCode() != 200) throw new AssertionError("deploy of " + name + " failed: " + r.body());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        fixture.store.retention().apply(name, 49, "sample", System.currentTimeMillis(), null);
        return "/api/v1/retention/" + name + "/confirm";
    }

    private static String fresh(String prefix) {
        String name = ApiFixture.unique(prefix);
        try {
            fixture.deployNew(name, "export const transform = (m) => m + '!';\n");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        return name;
    }

    /** A token whose owner has a draft of interface adt: the caller the draft operations are made by. */
    private static Caller withDraft(ApiFixture f) {
        ApiFixture.Made made = f.madeToken("operator", null);
        f.store.revisions().saveDraft("token:" + made.token().name(), "adt", null, Map.of("interfaces/adt/interface.yaml",
                "source: internal\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)), 1L);
        return bearer(made.secret());
    }

    /** A way of calling: the headers to send. */
    private interface Caller {
        Map<String, String> headers();
    }

    private static Map<String, Sample> samples() {
        // Each call gets messages of its own: an action changes the one it is given.
        long quarantined = fixture.quarantinedMessage();
        long withOutput = fixture.messageWithOutput();
        return Map.ofEntries(
                Map.entry("getHealth", Sample.of(null, null, f -> none())),
                Map.entry("getReady", Sample.of(null, null, f -> none())),
                Map.entry("listInterfaces", Sample.of(null, null, f -> meeting(f, "listInterfaces"))),
                Map.entry("getInterface", Sample.of("/api/v1/interfaces/adt", null, f -> meeting(f, "getInterface"))),
                Map.entry("pauseDestination", Sample.of("/api/v1/interfaces/adt/destinations/lab/pause", null,
                        f -> meeting(f, "pauseDestination"))),
                Map.entry("resumeDestination", Sample.of("/api/v1/interfaces/adt/destinations/lab/resume", null,
                        f -> meeting(f, "resumeDestination"))),
                Map.entry("retryDestination", Sample.of("/api/v1/interfaces/adt/destinations/lab/retry", null,
                        f -> meeting(f, "retryDestination"))),
                Map.entry("getDrain", Sample.of(null, null, f -> meeting(f, "getDrain"))),
                Map.entry("startDrain", Sample.of(null, null, f -> meeting(f, "startDrain"))),
                Map.entry("stopDrain", Sample.of(null, null, f -> meeting(f, "stopDrain"))),
                Map.entry("listEngines", Sample.of(null, null, f -> meeting(f, "listEngines"))),
                Map.entry("drainEngine", Sample.of("/api/v1/engines/e-1/drain", null, f -> meeting(f, "drainEngine"))),
                Map.entry("moveInterface", Sample.of("/api/v1/interfaces/adt/move", ApiFixture.json(Map.of("to", "e-1")),
                        f -> meeting(f, "moveInterface"))),
                Map.entry("getRetention", Sample.of(null, null, f -> meeting(f, "getRetention"))),
                Map.entry("confirmRetention", new Sample(ApiAccessTest::waitingRetention, () -> null, f -> meeting(f, "confirmRetention"))),
                Map.entry("streamEvents", Sample.of(null, null, f -> meeting(f, "streamEvents"))),
                Map.entry("listMessages", Sample.of(null, null, f -> meeting(f, "listMessages"))),
                Map.entry("getMessage", Sample.of("/api/v1/messages/" + quarantined, null, f -> meeting(f, "getMessage"))),
                Map.entry("getMessagePayload", Sample.of("/api/v1/messages/" + quarantined + "/payload", null,
                        f -> meeting(f, "getMessagePayload"))),
                Map.entry("getDeliveryOutput", Sample.of("/api/v1/messages/" + withOutput + "/deliveries/legacy/output", null,
                        f -> meeting(f, "getDeliveryOutput"))),
                Map.entry("listQuarantine", Sample.of(null, null, f -> meeting(f, "listQuarantine"))),
                Map.entry("resendMessages", Sample.of(null, ApiFixture.json(Map.of("ids", new long[] {quarantined})),
                        f -> meeting(f, "resendMessages"))),
                Map.entry("resendQuarantined", Sample.of(null, ApiFixture.json(Map.of("interface", "adt", "from", "2026-03-02")),
                        f -> meeting(f, "resendQuarantined"))),
                Map.entry("editMessage", Sample.of("/api/v1/messages/" + quarantined + "/edit",
                        ApiFixture.json(Map.of("payload", "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|E1|P|2.5\rPID|1||Q2\r")),
                        f -> meeting(f, "editMessage"))),
                Map.entry("dismissMessages", Sample.of(null, ApiFixture.json(Map.of("ids", new long[] {quarantined},
                        "reason", "sent by phone")), f -> meeting(f, "dismissMessages"))),
                Map.entry("getMetrics", Sample.of(null, null, f -> meeting(f, "getMetrics"))),
                Map.entry("listCertificates", Sample.of(null, null, f -> meeting(f, "listCertificates"))),
                Map.entry("getOpenApi", Sample.of(null, null, f -> none())),
                Map.entry("createSession", Sample.of(null, ApiFixture.json(Map.of("username",
                        fixture.user("viewer", false).username(), "password", ApiFixture.PASSWORD)), f -> none())),
                Map.entry("deleteSession", Sample.of(null, null, f -> session(f, "viewer", true))),
                Map.entry("getEngine", Sample.of(null, null, f -> meeting(f, "getEngine"))),
                Map.entry("getMe", Sample.of(null, null, f -> meeting(f, "getMe"))),
                Map.entry("listMyActivity", Sample.of(null, null, f -> meeting(f, "listMyActivity"))),
                Map.entry("changeMyPassword", Sample.of(null, ApiFixture.json(Map.of("currentPassword", ApiFixture.PASSWORD,
                        "newPassword", "another long password")), f -> session(f, "viewer", true))),
                Map.entry("listAudit", Sample.of(null, null, f -> meeting(f, "listAudit"))),
                Map.entry("listUsers", Sample.of(null, null, f -> meeting(f, "listUsers"))),
                Map.entry("createUser", Sample.of(null, ApiFixture.json(Map.of("username", ApiFixture.unique("new"),
                        "role", "operator", "permissions", new String[] {"payloads"}, "password", "first long password")),
                        f -> meeting(f, "createUser"))),
                Map.entry("setUserPassword", Sample.of("/api/v1/users/" + fixture.user("viewer", false).id() + "/password",
                        ApiFixture.json(Map.of("password", "chosen by an admin")), f -> meeting(f, "setUserPassword"))),
                Map.entry("listTokens", Sample.of(null, null, f -> meeting(f, "listTokens"))),
                Map.entry("createToken", Sample.of(null, ApiFixture.json(Map.of("name", ApiFixture.unique("ci"), "role", "viewer")),
                        f -> meeting(f, "createToken"))),
                Map.entry("getHotspots", Sample.of(null, null, f -> meeting(f, "getHotspots"))),
                Map.entry("listAlerts", Sample.of(null, null, f -> meeting(f, "listAlerts"))),
                Map.entry("getAlert", Sample.of("/api/v1/alerts/" + fixture.firingAlert(), null, f -> meeting(f, "getAlert"))),
                Map.entry("acknowledgeAlert", Sample.of("/api/v1/alerts/" + fixture.firingAlert() + "/acknowledge",
                        ApiFixture.json(Map.of("comment", "on it")), f -> meeting(f, "acknowledgeAlert"))),
                Map.entry("listAlertHistory", Sample.of(null, null, f -> meeting(f, "listAlertHistory"))),
                Map.entry("listNotifications", Sample.of(null, null, f -> meeting(f, "listNotifications"))),
                Map.entry("listSilences", Sample.of(null, null, f -> meeting(f, "listSilences"))),
                Map.entry("createSilence", Sample.of(null, ApiFixture.json(Map.of("target", "adt/lab", "for", "1h",
                        "reason", "lab system upgrade")), f -> meeting(f, "createSilence"))),
                Map.entry("endSilence", Sample.of("/api/v1/silences/" + fixture.silence(), null, f -> meeting(f, "endSilence"))),
                Map.entry("listChannels", Sample.of(null, null, f -> meeting(f, "listChannels"))),
                Map.entry("testChannel", Sample.of("/api/v1/channels/hook/test", null, f -> meeting(f, "testChannel"))),
                Map.entry("revokeToken", Sample.of("/api/v1/tokens/" + fixture.madeToken("viewer", null).token().id(), null,
                        f -> meeting(f, "revokeToken"))),
                Map.entry("deployInterface", new Sample(() -> "/api/v1/interfaces/new-one/deploy", () -> {
                    java.util.Map<String, Object> body = new java.util.LinkedHashMap<>();
                    body.put("base", fixture.store.revisions().current("new-one").map(r -> (Object) r.number()).orElse(null));
                    body.put("files", ApiFixture.internalInterface("new-one", null));
                    body.put("message", "a sample deploy");
                    return ApiFixture.json(body);
                }, f -> meeting(f, "deployInterface"))),
                Map.entry("rollbackInterface", new Sample(() -> "/api/v1/interfaces/" + deployed() + "/rollback",
                        () -> ApiFixture.json(Map.of("revision", 1)), f -> meeting(f, "rollbackInterface"))),
                Map.entry("removeInterface", new Sample(() -> "/api/v1/interfaces/" + fresh("gone") + "/remove",
                        () -> ApiFixture.json(Map.of("base", 1, "reason", "a sample removal")), f -> meeting(f, "removeInterface"))),
                Map.entry("deployFromDisk", new Sample(() -> "/api/v1/deploy", () -> ApiFixture.json(Map.of("interfaces",
                        java.util.List.of(deployed()))), f -> meeting(f, "deployFromDisk"))),
                Map.entry("listRevisions", new Sample(() -> "/api/v1/interfaces/" + deployed() + "/revisions", () -> null,
                        f -> meeting(f, "listRevisions"))),
                Map.entry("getRevision", new Sample(() -> "/api/v1/interfaces/" + deployed() + "/revisions/1", () -> null,
                        f -> meeting(f, "getRevision"))),
                Map.entry("diffRevisions", new Sample(() -> "/api/v1/interfaces/" + deployed() + "/diff", () -> null,
                        f -> meeting(f, "diffRevisions"))),
                Map.entry("listDrafts", Sample.of(null, null, f -> meeting(f, "listDrafts"))),
                Map.entry("getDraft", Sample.of("/api/v1/interfaces/adt/draft", null, ApiAccessTest::withDraft)),
                Map.entry("saveDraft", Sample.of("/api/v1/interfaces/adt/draft", ApiFixture.json(Map.of("base", 1, "files",
                        Map.of("interfaces/adt/interface.yaml", "source: internal\n"))), f -> meeting(f, "saveDraft"))),
                Map.entry("deleteDraft", Sample.of("/api/v1/interfaces/adt/draft", null, ApiAccessTest::withDraft)),
                Map.entry("trialInterface", Sample.of("/api/v1/interfaces/adt/trial", ApiFixture.json(Map.of("code", "deployed",
                        "messages", java.util.List.of(Map.of("payload", "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|TR1|P|2.5\rPID|1||Q7\r")))),
                        f -> meeting(f, "trialInterface"))),
                Map.entry("checkInterface", Sample.of("/api/v1/interfaces/adt/check", ApiFixture.json(Map.of("code", "deployed")),
                        f -> meeting(f, "checkInterface"))),
                Map.entry("testInterface", Sample.of("/api/v1/interfaces/adt/tests", ApiFixture.json(Map.of("code", "deployed")),
                        f -> meeting(f, "testInterface"))),
                Map.entry("recordInterfaceTest", Sample.of("/api/v1/interfaces/adt/tests/record", ApiFixture.json(Map.of("code", "files",
                        "files", Map.of("interfaces/adt/interface.yaml", "source: internal\nformat: hl7\ndestinations:\n"
                                        + "  out: { type: file, path: \"out/{id}.hl7\", fsync: false }\n",
                                "interfaces/adt/transform.js", "export function transform(msg) { return msg; }\n"),
                        "destination", "out",
                        "messages", java.util.List.of(Map.of("payload", "MSH|^~\\&|T|F|D|F|20261129||ADT^A01|TR2|P|2.5\rPID|1||Q8\r")))),
                        f -> meeting(f, "recordInterfaceTest"))),
                Map.entry("startReplay", Sample.of("/api/v1/replays", ApiFixture.json(Map.of("interface", "adt", "last", "1h",
                        "candidate", "deployed")), f -> meeting(f, "startReplay"))),
                Map.entry("listReplays", Sample.of(null, null, f -> meeting(f, "listReplays"))),
                Map.entry("getReplay", new Sample(() -> "/api/v1/replays/" + replay(), () -> null, f -> meeting(f, "getReplay"))),
                Map.entry("listReplayRows", new Sample(() -> "/api/v1/replays/" + replay() + "/rows", () -> null,
                        f -> meeting(f, "listReplayRows"))),
                Map.entry("makeReplayTest", new Sample(() -> "/api/v1/replays/" + replay() + "/tests",
                        () -> ApiFixture.json(Map.of("messageId", fixture.messageWithOutput(), "destination", "lab")),
                        f -> meeting(f, "makeReplayTest"))),
                Map.entry("cancelReplay", new Sample(() -> "/api/v1/replays/" + replay() + "/cancel", () -> null,
                        f -> meeting(f, "cancelReplay"))),
                Map.entry("getConfigSchema", Sample.of("/api/v1/schema/interface.schema.json", null, f -> meeting(f, "getConfigSchema"))));
    }

    static Stream<String> operations() throws Exception {
        if (fixture == null) fixture = ApiFixture.withInterfaces();
        return fixture.api.routes().stream().map(Route::operationId);
    }

    @AfterAll
    static void close() {
        if (fixture != null) fixture.close();
    }

    @Test
    void every_operation_has_a_sample_call() throws Exception {
        var operations = operations().toList();
        assertThat(samples().keySet()).containsExactlyInAnyOrderElementsOf(operations);
    }

    @ParameterizedTest
    @MethodSource("operations")
    void refuses_a_request_without_credentials_with_401(String operationId) throws Exception {
        if (requirement(operationId).open()) return;
        HttpResponse<String> r = call(operationId, none());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(401);
        assertThat(r.headers().firstValue("Content-Type")).contains("application/problem+json");
        assertThat(ApiFixture.read(r).get("title").asText()).isEqualTo("Unauthorized");
    }

    @ParameterizedTest
    @MethodSource("operations")
    void refuses_a_caller_below_the_requirement_with_403(String operationId) throws Exception {
        Caller below = below(operationId);
        if (below == null) return;
        HttpResponse<String> r = call(operationId, below);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(403);
        assertThat(ApiFixture.read(r).get("detail").asText()).isNotBlank();
    }

    @ParameterizedTest
    @MethodSource("operations")
    void answers_a_caller_who_meets_the_requirement(String operationId) throws Exception {
        Sample sample = samples().get(operationId);
        HttpResponse<String> r = call(operationId, sample.caller().apply(fixture));
        Route route = route(operationId);
        assertThat(route.responses().keySet()).as("%s answered %s: %s", operationId, r.statusCode(), r.body())
                .contains(r.statusCode());
        if (NEEDS_TWO_ENGINES.contains(operationId)) {
            // On the fixture's SQLite file there is one engine: refused (409, why); EnginesIT runs them on PostgreSQL.
            assertThat(r.statusCode()).as(r.body()).isEqualTo(409);
            return;
        }
        assertThat(r.statusCode()).isBetween(200, 299);
    }

    /** Operations that succeed only with a second engine on the database. */
    private static final java.util.Set<String> NEEDS_TWO_ENGINES = java.util.Set.of("drainEngine", "moveInterface");

    /** A caller just below the row: lower role, missing permission, or a session that may not do this. */
    private static Caller below(String operationId) {
        Requirement req = requirement(operationId);
        if (req.open()) return null;
        if (req.permission() != null) {
            String[] others = Stream.of(Permission.values()).filter(p -> p != req.permission()).map(Permission::label).toArray(String[]::new);
            return bearer(fixture.token(req.role().label(), others));
        }
        if (req.role() != Role.VIEWER) {
            Role lower = Role.values()[req.role().ordinal() - 1];
            return bearer(fixture.token(lower.label(), "payloads", "audit"));
        }
        if (!AccessTable.allowedBeforePasswordChange(operationId)) return session(fixture, "viewer-must-change", true);
        if (!route(operationId).method().equals("GET")) return session(fixture, "viewer", false);
        return null; // getMe: anyone signed in may ask who they are
    }

    private static Caller meeting(ApiFixture f, String operationId) {
        Requirement req = requirement(operationId);
        return req.permission() == null ? bearer(f.token(req.role().label())) : bearer(f.token(req.role().label(), req.permission().label()));
    }

    private static Caller session(ApiFixture f, String kind, boolean withCsrf) {
        try {
            UserRecord user = f.user("viewer", kind.endsWith("must-change"));
            ApiFixture.Session s = f.signIn(user.username(), ApiFixture.PASSWORD);
            return () -> s.headers(withCsrf);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static Caller bearer(String token) {
        return () -> Map.of("Authorization", "Bearer " + token);
    }

    private static Caller none() {
        return Map::of;
    }

    private static HttpResponse<String> call(String operationId, Caller caller) throws Exception {
        Route route = route(operationId);
        Sample sample = samples().get(operationId);
        String given = sample.path().get();
        String path = given == null ? route.path() : given;
        return fixture.send(route.method(), path, caller.headers(), sample.body().get());
    }

    private static Route route(String operationId) {
        return fixture.api.routes().stream().filter(r -> r.operationId().equals(operationId)).findFirst().orElseThrow();
    }

    private static Requirement requirement(String operationId) {
        return AccessTable.requirement(operationId).orElseThrow();
    }
}
