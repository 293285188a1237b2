package io.ductus.engine.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.UserRecord;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Sign-in, lockout, session expiry, anti-CSRF, password changes, token revocation and owners, with their audit rows. */
class CallersTest {

    private final ApiFixture f = new ApiFixture();

    CallersTest() throws Exception {
        f.status.running();
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void locks_a_user_out_after_five_wrong_passwords_until_the_lock_runs_out() throws Exception {
        UserRecord user = f.user("viewer", false);
        for (int i = 1; i <= 4; i++) assertThat(signIn(user, "wrong password " + i).statusCode()).isEqualTo(401);
        HttpResponse<String> fifth = signIn(user, "wrong password 5");
        assertThat(fifth.statusCode()).isEqualTo(401);
        assertThat(ApiFixture.read(fifth).get("title").asText()).isEqualTo("Account locked");
        HttpResponse<String> right = signIn(user, ApiFixture.PASSWORD);
        assertThat(ApiFixture.read(right).get("detail").asText())
                .startsWith("Too many wrong passwords from this address: sign-in with this name is refused from here until 2026-03-02T09:01:00Z");
        f.clock.advance(Duration.ofMinutes(1));
        assertThat(signIn(user, ApiFixture.PASSWORD).statusCode()).isEqualTo(201);
        assertThat(actions("user:" + user.username())).containsExactly("session.create", "session.refused", "user.locked",
                "session.refused", "session.refused", "session.refused", "session.refused", "user.create");
        assertThat(f.accounts.user(user.id()).orElseThrow().failures().count()).isZero();
    }

    @Test
    void an_unknown_user_and_a_wrong_password_answer_alike_and_lock_alike() throws Exception {
        UserRecord user = f.user("viewer", false);
        String nobody = ApiFixture.unique("nobody");
        for (int i = 1; i <= 5; i++) {
            HttpResponse<String> wrong = signIn(user.username(), "wrong password " + i);
            HttpResponse<String> unknown = signIn(nobody, "wrong password " + i);
            assertThat(unknown.statusCode()).isEqualTo(wrong.statusCode()).isEqualTo(401);
            assertThat(answer(unknown).replace(nobody, "NAME")).as("attempt " + i).isEqualTo(answer(wrong).replace(user.username(), "NAME"));
        }
        assertThat(ApiFixture.read(signIn(nobody, "again")).get("title").asText()).isEqualTo("Account locked");
        assertThat(ApiFixture.read(signIn(user.username(), ApiFixture.PASSWORD)).get("title").asText()).isEqualTo("Account locked");
    }

    @Test
    void a_guesser_locks_a_name_for_their_own_address_only_and_each_failure_past_it_locks_longer() throws Exception {
        UserRecord admin = f.user("admin", false);
        String guesser = "10.9.8.7";
        for (int i = 1; i <= 5; i++) assertThat(signInFrom(guesser, admin.username(), "guess " + i).status()).isEqualTo(401);
        assertThat(problem(signInFrom(guesser, admin.username(), ApiFixture.PASSWORD)).get("title").asText())
                .as("locked, even with the right password").isEqualTo("Account locked");
        assertThat(signIn(admin.username(), ApiFixture.PASSWORD).statusCode()).as("the admin, from their own address").isEqualTo(201);
        f.clock.advance(Duration.ofMinutes(1));
        ApiResponse sixth = signInFrom(guesser, admin.username(), "guess 6");
        assertThat(problem(sixth).get("detail").asText()).contains("until 2026-03-02T09:03:00Z"); // 2 min: the lock doubled
        assertThat(f.auditOf("user:" + admin.username())).extracting(r -> r.entry().address()).contains(guesser);
    }

    @Test
    void refused_credentials_are_counted_each_and_audited_once_a_minute_per_address() throws Exception {
        String unknown = "dux_" + "0".repeat(64);
        for (int i = 0; i < 20; i++) {
            assertThat(f.withToken("GET", "/api/v1/engine", unknown, null).statusCode()).isEqualTo(401);
        }
        assertThat(f.send("GET", "/api/v1/engine", Map.of("Authorization", "Basic abc"), null).statusCode()).isEqualTo(401);
        assertThat(f.listeners.refusals().count("api", "api_credentials")).isEqualTo(21);
        List<AuditRecord> rows = f.accounts.audit(new io.ductus.store.account.AuditQuery(null, io.ductus.store.account.AuditQuery.MAX_LIMIT, null, null)).entries().stream()
                .filter(r -> r.entry().action().equals("api.refused")).toList();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).entry().address()).isEqualTo("127.0.0.1");
        assertThat(rows.get(0).entry().detail()).contains("Unknown token");
    }

    @Test
    void the_tokens_of_a_user_who_must_change_their_password_do_only_what_their_sessions_may() throws Exception {
        UserRecord user = f.user("operator", true);
        String token = f.token("operator", user.id());
        HttpResponse<String> engine = f.withToken("GET", "/api/v1/engine", token, null);
        assertThat(engine.statusCode()).isEqualTo(403);
        assertThat(ApiFixture.read(engine).get("title").asText()).isEqualTo("Password change required");
        assertThat(f.withToken("GET", "/api/v1/me", token, null).statusCode()).isEqualTo(200);
    }

    @Test
    void a_session_ends_after_twelve_hours_without_a_request() throws Exception {
        ApiFixture.Session s = f.signIn(f.user("viewer", false).username(), ApiFixture.PASSWORD);
        for (int i = 0; i < 3; i++) {
            f.clock.advance(Duration.ofHours(11));
            assertThat(get("/api/v1/me", s).statusCode()).isEqualTo(200);
        }
        f.clock.advance(Duration.ofHours(12));
        HttpResponse<String> r = get("/api/v1/me", s);
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(ApiFixture.read(r).get("detail").asText()).contains("idle for 12 hours");
    }

    @Test
    void a_session_ends_seven_days_after_sign_in_however_busy() throws Exception {
        ApiFixture.Session s = f.signIn(f.user("viewer", false).username(), ApiFixture.PASSWORD);
        for (int hours = 0; hours < 7 * 24 - 10; hours += 10) {
            f.clock.advance(Duration.ofHours(10));
            assertThat(get("/api/v1/me", s).statusCode()).isEqualTo(200);
        }
        f.clock.advance(Duration.ofHours(10));
        HttpResponse<String> r = get("/api/v1/me", s);
        assertThat(r.statusCode()).isEqualTo(401);
        assertThat(ApiFixture.read(r).get("detail").asText()).contains("older than 7 days");
    }

    @Test
    void refuses_a_change_sent_with_the_cookie_but_without_the_anti_csrf_token() throws Exception {
        ApiFixture.Session s = f.signIn(f.user("viewer", false).username(), ApiFixture.PASSWORD);
        String body = ApiFixture.json(Map.of("currentPassword", ApiFixture.PASSWORD, "newPassword", "another long password"));
        HttpResponse<String> none = f.send("POST", "/api/v1/me/password", Map.of("Cookie", s.cookie()), body);
        HttpResponse<String> wrong = f.send("POST", "/api/v1/me/password",
                Map.of("Cookie", s.cookie(), Authenticator.CSRF_HEADER, "0".repeat(64)), body);
        assertThat(List.of(none.statusCode(), wrong.statusCode())).containsOnly(403);
        assertThat(ApiFixture.read(none).get("title").asText()).isEqualTo("Missing anti-CSRF token");
        assertThat(get("/api/v1/me", s).statusCode()).as("reading needs no anti-CSRF token").isEqualTo(200);
        assertThat(f.send("POST", "/api/v1/me/password", s.headers(true), body).statusCode()).isEqualTo(204);
    }

    @Test
    void the_session_cookie_is_http_only_strict_and_for_the_api_only() throws Exception {
        UserRecord user = f.user("viewer", false);
        HttpResponse<String> r = signIn(user, ApiFixture.PASSWORD);
        assertThat(r.headers().firstValue("Set-Cookie").orElseThrow())
                .startsWith("ductus_session=dus_").contains("HTTPOnly", "SameSite=Strict", "Path=/api", "Max-Age=604800");
        JsonNode body = ApiFixture.read(r);
        assertThat(body.get("me").get("user").asText()).isEqualTo(user.username());
        assertThat(body.get("csrfToken").asText()).hasSize(64);
    }

    @Test
    void signing_out_ends_the_session() throws Exception {
        UserRecord user = f.user("viewer", false);
        ApiFixture.Session s = f.signIn(user.username(), ApiFixture.PASSWORD);
        HttpResponse<String> out = f.send("DELETE", "/api/v1/session", s.headers(true), null);
        assertThat(out.statusCode()).isEqualTo(204);
        assertThat(out.headers().firstValue("Set-Cookie").orElseThrow()).contains("Max-Age=0");
        assertThat(get("/api/v1/me", s).statusCode()).isEqualTo(401);
        assertThat(actions("user:" + user.username())).startsWith("session.delete", "session.create");
    }

    @Test
    void a_user_whose_password_an_admin_chose_must_change_it_before_anything_else() throws Exception {
        String admin = f.token("admin");
        String name = ApiFixture.unique("nurse");
        HttpResponse<String> created = f.withToken("POST", "/api/v1/users", admin,
                ApiFixture.json(Map.of("username", name, "role", "operator", "password", "first long password")));
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(ApiFixture.read(created).get("mustChangePassword").asBoolean()).isTrue();
        ApiFixture.Session s = f.signIn(name, "first long password");
        HttpResponse<String> engine = get("/api/v1/engine", s);
        assertThat(engine.statusCode()).isEqualTo(403);
        assertThat(ApiFixture.read(engine).get("title").asText()).isEqualTo("Password change required");
        assertThat(ApiFixture.read(get("/api/v1/me", s)).get("mustChangePassword").asBoolean()).isTrue();
        assertThat(f.send("POST", "/api/v1/me/password", s.headers(true), ApiFixture.json(Map.of(
                "currentPassword", "first long password", "newPassword", "my own long password"))).statusCode()).isEqualTo(204);
        assertThat(get("/api/v1/engine", s).statusCode()).isEqualTo(200);
        List<AuditRecord> rows = f.auditOf("user:" + name);
        assertThat(rows).extracting(r -> r.entry().action())
                .containsExactly("user.password_change", "session.create", "user.create");
        assertThat(rows.get(2).entry().actor()).startsWith("token:");
        assertThat(rows.get(2).entry().detail()).isEqualTo("{\"role\":\"operator\",\"permissions\":[]}");
    }

    @Test
    void changing_the_password_ends_the_other_sessions_of_the_user() throws Exception {
        UserRecord user = f.user("viewer", false);
        ApiFixture.Session here = f.signIn(user.username(), ApiFixture.PASSWORD);
        ApiFixture.Session elsewhere = f.signIn(user.username(), ApiFixture.PASSWORD);
        assertThat(f.send("POST", "/api/v1/me/password", here.headers(true), ApiFixture.json(Map.of(
                "currentPassword", ApiFixture.PASSWORD, "newPassword", "a brand new password"))).statusCode()).isEqualTo(204);
        assertThat(get("/api/v1/me", here).statusCode()).isEqualTo(200);
        assertThat(get("/api/v1/me", elsewhere).statusCode()).isEqualTo(401);
    }

    @Test
    void a_revoked_token_is_refused_from_the_next_request() throws Exception {
        String admin = f.token("admin");
        JsonNode created = ApiFixture.read(f.withToken("POST", "/api/v1/tokens", admin,
                ApiFixture.json(Map.of("name", "deploy", "role", "operator", "permissions", List.of("payloads")))));
        String secret = created.get("secret").asText();
        long id = created.get("token").get("id").asLong();
        assertThat(secret).matches("dux_[0-9a-f]{64}");
        assertThat(f.withToken("GET", "/api/v1/engine", secret, null).statusCode()).isEqualTo(200);
        assertThat(f.withToken("DELETE", "/api/v1/tokens/" + id, admin, null).statusCode()).isEqualTo(204);
        HttpResponse<String> after = f.withToken("GET", "/api/v1/engine", secret, null);
        assertThat(after.statusCode()).isEqualTo(401);
        assertThat(ApiFixture.read(after).get("detail").asText()).startsWith("The token 'deploy' was revoked");
        assertThat(f.withToken("DELETE", "/api/v1/tokens/" + id, admin, null).statusCode()).isEqualTo(409);
        assertThat(actions("token:deploy")).containsExactly("token.revoke", "token.create");
        assertThat(f.withToken("GET", "/api/v1/tokens", admin, null).body()).doesNotContain(secret);
    }

    @Test
    void a_token_is_never_stronger_than_its_owner() throws Exception {
        UserRecord viewer = f.user("viewer", false, "payloads");
        String admin = f.token("admin");
        HttpResponse<String> refused = f.withToken("POST", "/api/v1/tokens", admin,
                ApiFixture.json(Map.of("name", "too-strong", "role", "admin", "owner", viewer.username())));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(ApiFixture.read(refused).get("detail").asText()).startsWith("a token may not have more than its owner");
        // A token stored stronger than its owner (say the owner was demoted later) still acts as the owner at most.
        String strong = f.token("admin", viewer.id());
        JsonNode me = ApiFixture.read(f.withToken("GET", "/api/v1/me", strong, null));
        assertThat(me.get("role").asText()).isEqualTo("viewer");
        assertThat(me.get("permissions")).extracting(JsonNode::asText).containsExactly("payloads");
        assertThat(f.withToken("GET", "/api/v1/users", strong, null).statusCode()).isEqualTo(403);
        assertThat(f.withToken("GET", "/api/v1/audit", strong, null).statusCode()).isEqualTo(403);
    }

    @Test
    void unknown_and_malformed_tokens_are_refused_with_401() throws Exception {
        assertThat(f.withToken("GET", "/api/v1/me", "dux_" + "0".repeat(64), null).statusCode()).isEqualTo(401);
        assertThat(f.withToken("GET", "/api/v1/me", "secret", null).statusCode()).isEqualTo(401);
        assertThat(f.send("GET", "/api/v1/me", Map.of("Authorization", "Basic YTpi"), null).statusCode()).isEqualTo(401);
        assertThat(f.send("GET", "/api/v1/health", Map.of(), null).statusCode()).as("health stays open").isEqualTo(200);
    }

    @Test
    void the_audit_log_pages_newest_first_and_my_activity_is_mine_only() throws Exception {
        UserRecord user = f.user("viewer", false);
        f.signIn(user.username(), ApiFixture.PASSWORD);
        f.signIn(user.username(), ApiFixture.PASSWORD);
        String auditor = f.token("viewer", "audit");
        JsonNode first = ApiFixture.read(f.withToken("GET", "/api/v1/audit?limit=2", auditor, null));
        assertThat(first.get("entries")).hasSize(2);
        long next = first.get("next").asLong();
        assertThat(first.get("entries").get(0).get("id").asLong()).isGreaterThan(first.get("entries").get(1).get("id").asLong());
        JsonNode second = ApiFixture.read(f.withToken("GET", "/api/v1/audit?limit=2&before=" + next, auditor, null));
        assertThat(second.get("entries").get(0).get("id").asLong()).isLessThan(next);
        assertThat(f.withToken("GET", "/api/v1/audit?limit=0", auditor, null).statusCode()).isEqualTo(400);

        ApiFixture.Session s = f.signIn(user.username(), ApiFixture.PASSWORD);
        JsonNode mine = ApiFixture.read(get("/api/v1/me/activity", s));
        assertThat(mine.get("entries")).extracting(e -> e.get("actor").asText()).containsOnly("user:" + user.username());
        assertThat(mine.get("entries")).extracting(e -> e.get("action").asText()).containsExactly("session.create", "session.create", "session.create");
        assertThat(mine.get("entries").get(0).get("address").asText()).isEqualTo("127.0.0.1");
    }

    private HttpResponse<String> signIn(UserRecord user, String password) throws Exception {
        return signIn(user.username(), password);
    }

    private HttpResponse<String> signIn(String username, String password) throws Exception {
        return f.send("POST", "/api/v1/session", Map.of(), ApiFixture.json(Map.of("username", username, "password", password)));
    }

    /** A sign-in as the router gets it from a connection of another address. */
    private ApiResponse signInFrom(String address, String username, String password) {
        byte[] body = ApiFixture.json(Map.of("username", username, "password", password)).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return f.api.router().dispatch(new ApiRequest("POST", "/api/v1/session", Map.of(), Map.of(),
                Map.of("content-type", "application/json"), Map.of(), body, address));
    }

    private static JsonNode problem(ApiResponse r) throws Exception {
        return ApiResponse.JSON.readTree(r.body());
    }

    /** What a caller learns from an answer: its status, title and detail. */
    private static String answer(HttpResponse<String> r) throws Exception {
        JsonNode body = ApiFixture.read(r);
        return r.statusCode() + " " + body.get("title").asText() + ": " + body.get("detail").asText();
    }

    private HttpResponse<String> get(String path, ApiFixture.Session s) throws Exception {
        return f.send("GET", path, s.headers(false), null);
    }

    private List<String> actions(String target) {
        return f.auditOf(target).stream().map(r -> r.entry().action()).toList();
    }
}
