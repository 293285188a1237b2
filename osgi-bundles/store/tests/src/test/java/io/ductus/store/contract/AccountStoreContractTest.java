package io.ductus.store.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ductus.store.StoreException;
import io.ductus.store.account.AccountConflictException;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import io.ductus.store.account.AuditPage;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.NewSession;
import io.ductus.store.account.NewToken;
import io.ductus.store.account.NewUser;
import io.ductus.store.account.SessionRecord;
import io.ductus.store.account.SignInFailures;
import io.ductus.store.account.TokenIdentity;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/** Users, tokens, sessions and the audit log, on both databases. Each test uses names of its own. */
@ParameterizedClass
@EnumSource(Database.class)
class AccountStoreContractTest {

    private static final OpenStores STORES = new OpenStores("accounts");
    private static final long T0 = 1_767_000_000_000L;

    @Parameter
    Database db;

    private AccountStore accounts;
    private String name;

    @BeforeEach
    void open(TestInfo info) {
        accounts = STORES.get(db).accounts();
        name = info.getTestMethod().orElseThrow().getName().replace('_', '-');
        if (name.length() > 50) name = name.substring(0, 50);
    }

    @AfterAll
    static void closeAll() {
        STORES.close();
    }

    @Test
    void creates_a_user_with_its_audit_row() {
        UserRecord user = accounts.createUser(new NewUser(name, "operator", Set.of("payloads", "audit"), "$argon2id$x",
                true, T0), audit("user.create", "user:" + name));
        assertThat(user.id()).isPositive();
        assertThat(accounts.user(name)).contains(user);
        assertThat(user.permissions()).containsExactlyInAnyOrder("audit", "payloads");
        assertThat(user.mustChangePassword()).isTrue();
        assertThat(user.failures()).isEqualTo(SignInFailures.NONE);
        assertThat(rowsFor("user:" + name)).extracting(r -> r.entry().action()).containsExactly("user.create");
    }

    @Test
    void refuses_a_taken_user_name_and_keeps_no_audit_row_of_it() {
        accounts.createUser(newUser(name), audit("user.create", "user:" + name));
        assertThatThrownBy(() -> accounts.createUser(newUser(name), audit("user.create", "user:" + name)))
                .isInstanceOf(AccountConflictException.class).hasMessage("there is already a user named '" + name + "'");
        assertThat(rowsFor("user:" + name)).hasSize(1);
    }

    @Test
    void a_change_that_fails_keeps_no_audit_row() {
        long missingUser = 987_654_321L;
        assertThatThrownBy(() -> accounts.createToken(new NewToken(name, hash(name), "viewer", Set.of(), missingUser, T0, "cli:test"),
                audit("token.create", "token:" + name))).isInstanceOf(StoreException.class);
        assertThat(accounts.setPassword(missingUser, "$argon2id$y", false, null, T0, audit("user.password_set", "user:" + name))).isFalse();
        assertThat(rowsFor("token:" + name)).isEmpty();
        assertThat(rowsFor("user:" + name)).isEmpty();
    }

    @Test
    void counts_concurrent_failed_sign_ins_one_by_one() throws Exception {
        long id = accounts.createUser(newUser(name), audit("user.create", "user:" + name)).id();
        int attempts = 8;
        try (ExecutorService pool = Executors.newFixedThreadPool(attempts)) {
            List<Future<SignInFailures>> done = new ArrayList<>();
            for (int i = 0; i < attempts; i++) {
                done.add(pool.submit(() -> accounts.failedSignIn(name, "10.0.0.1", 0,
                        f -> new SignInFailures(f.count() + 1, T0, f.count() + 1 >= 5 ? T0 + 60_000 : null),
                        f -> audit("session.refused", "user:" + name))));
            }
            for (Future<SignInFailures> f : done) f.get();
        }
        assertThat(accounts.signInFailures(name, "10.0.0.1")).isEqualTo(new SignInFailures(attempts, T0, T0 + 60_000));
        assertThat(accounts.user(id).orElseThrow().failures()).as("the user shows its name's latest lock")
                .isEqualTo(new SignInFailures(attempts, T0, T0 + 60_000));
        assertThat(rowsFor("user:" + name)).hasSize(1 + attempts);
    }

    @Test
    void failed_sign_ins_count_per_name_and_address_for_names_nobody_has_too_and_old_counts_are_forgotten() {
        String nobody = name + "-nobody";
        accounts.failedSignIn(nobody, "10.0.0.1", 0, f -> new SignInFailures(f.count() + 1, T0, null), f -> audit("session.refused", null));
        accounts.failedSignIn(nobody, "10.0.0.1", 0, f -> new SignInFailures(f.count() + 1, T0 + 1, null), f -> audit("session.refused", null));
        accounts.failedSignIn(nobody, "10.0.0.2", 0, f -> new SignInFailures(f.count() + 1, T0 + 2, null), f -> audit("session.refused", null));
        assertThat(accounts.signInFailures(nobody, "10.0.0.1")).isEqualTo(new SignInFailures(2, T0 + 1, null));
        assertThat(accounts.signInFailures(nobody, "10.0.0.2")).isEqualTo(new SignInFailures(1, T0 + 2, null));
        assertThat(accounts.signInFailures(nobody, "10.0.0.3")).isEqualTo(SignInFailures.NONE);
        accounts.clearSignInFailures(nobody, "10.0.0.2");
        assertThat(accounts.signInFailures(nobody, "10.0.0.2")).isEqualTo(SignInFailures.NONE);
        // A failure of another name, long after: counts last seen before forgetBefore are deleted with it.
        accounts.failedSignIn(name, "10.0.0.9", T0 + 2, f -> new SignInFailures(1, T0 + 9, null), f -> audit("session.refused", null));
        assertThat(accounts.signInFailures(nobody, "10.0.0.1")).isEqualTo(SignInFailures.NONE);
        assertThat(accounts.signInFailures(name, "10.0.0.9")).isEqualTo(new SignInFailures(1, T0 + 9, null));
    }

    @Test
    void signing_in_stores_the_session_and_ends_expired_ones() {
        long id = accounts.createUser(newUser(name), audit("user.create", "user:" + name)).id();
        SessionRecord old = accounts.signIn(new NewSession(hash(name + "old"), hash("c1"), id, T0), 0, 0, audit("session.create", "user:" + name));
        SessionRecord fresh = accounts.signIn(new NewSession(hash(name + "new"), hash("c2"), id, T0 + 10_000), T0 + 1, T0 - 1,
                audit("session.create", "user:" + name));
        assertThat(accounts.session(hash(name + "old"))).isEmpty();
        var found = accounts.session(hash(name + "new")).orElseThrow();
        assertThat(found.session()).isEqualTo(fresh);
        assertThat(found.user().username()).isEqualTo(name);
        assertThat(old.id()).isNotEqualTo(fresh.id());
    }

    @Test
    void touching_a_session_moves_its_last_use_forward_only() {
        long id = accounts.createUser(newUser(name), audit("user.create", "user:" + name)).id();
        SessionRecord s = accounts.signIn(new NewSession(hash(name), hash("c"), id, T0), 0, 0, audit("session.create", "user:" + name));
        accounts.touchSession(s.id(), T0 + 120_000);
        accounts.touchSession(s.id(), T0 + 60_000);
        assertThat(accounts.session(hash(name)).orElseThrow().session().lastSeenAt()).isEqualTo(T0 + 120_000);
    }

    @Test
    void setting_a_password_clears_a_lockout_and_ends_the_other_sessions() {
        long id = accounts.createUser(newUser(name), audit("user.create", "user:" + name)).id();
        accounts.failedSignIn(name, "10.0.0.1", 0, f -> new SignInFailures(5, T0, T0 + 900_000), f -> audit("user.locked", "user:" + name));
        accounts.failedSignIn(name, "10.0.0.2", 0, f -> new SignInFailures(5, T0, T0 + 900_000), f -> audit("user.locked", "user:" + name));
        SessionRecord kept = accounts.signIn(new NewSession(hash(name + "a"), hash("c"), id, T0), 0, 0, audit("session.create", "user:" + name));
        accounts.signIn(new NewSession(hash(name + "b"), hash("c"), id, T0), 0, 0, audit("session.create", "user:" + name));
        assertThat(accounts.setPassword(id, "$argon2id$new", false, kept.id(), T0 + 5, audit("user.password_change", "user:" + name))).isTrue();
        UserRecord user = accounts.user(id).orElseThrow();
        assertThat(user.passwordHash()).isEqualTo("$argon2id$new");
        assertThat(user.mustChangePassword()).isFalse();
        assertThat(user.failures()).isEqualTo(SignInFailures.NONE);
        assertThat(accounts.signInFailures(name, "10.0.0.2")).as("from every address").isEqualTo(SignInFailures.NONE);
        assertThat(user.passwordChangedAt()).isEqualTo(T0 + 5);
        assertThat(accounts.session(hash(name + "a"))).isPresent();
        assertThat(accounts.session(hash(name + "b"))).isEmpty();
    }

    @Test
    void signing_out_deletes_the_session_once() {
        long id = accounts.createUser(newUser(name), audit("user.create", "user:" + name)).id();
        SessionRecord s = accounts.signIn(new NewSession(hash(name), hash("c"), id, T0), 0, 0, audit("session.create", "user:" + name));
        assertThat(accounts.signOut(s.id(), audit("session.delete", "user:" + name))).isTrue();
        assertThat(accounts.signOut(s.id(), audit("session.delete", "user:" + name))).isFalse();
        assertThat(accounts.session(hash(name))).isEmpty();
        assertThat(rowsFor("user:" + name)).extracting(r -> r.entry().action())
                .containsExactly("session.delete", "session.create", "user.create");
    }

    @Test
    void finds_a_token_by_its_hash_with_its_owner() {
        UserRecord owner = accounts.createUser(newUser(name), audit("user.create", "user:" + name));
        TokenRecord owned = accounts.createToken(new NewToken("ci", hash(name + "owned"), "admin", Set.of("audit"), owner.id(), T0, "user:" + name),
                audit("token.create", "token:" + name));
        TokenRecord service = accounts.createToken(new NewToken(name, hash(name + "service"), "viewer", Set.of(), null, T0, "cli:root"),
                audit("token.create", "token:" + name));
        TokenIdentity found = accounts.token(hash(name + "owned")).orElseThrow();
        assertThat(found.token()).isEqualTo(owned);
        assertThat(found.token().username()).isEqualTo(name);
        assertThat(found.owner()).isEqualTo(owner);
        assertThat(accounts.token(hash(name + "service")).orElseThrow()).isEqualTo(new TokenIdentity(service, null));
        assertThat(accounts.token(hash("nothing"))).isEmpty();
        assertThat(accounts.tokens()).contains(owned, service);
    }

    @Test
    void token_names_are_unique_per_owner_among_live_tokens() {
        TokenRecord first = accounts.createToken(new NewToken(name, hash(name + 1), "viewer", Set.of(), null, T0, "cli:root"), audit("token.create", "token:" + name));
        assertThatThrownBy(() -> accounts.createToken(new NewToken(name, hash(name + 2), "viewer", Set.of(), null, T0, "cli:root"),
                audit("token.create", "token:" + name))).isInstanceOf(AccountConflictException.class);
        accounts.revokeToken(first.id(), T0 + 1, audit("token.revoke", "token:" + name));
        assertThat(accounts.createToken(new NewToken(name, hash(name + 3), "viewer", Set.of(), null, T0, "cli:root"),
                audit("token.create", "token:" + name)).name()).isEqualTo(name);
    }

    @Test
    void revokes_a_token_once() {
        TokenRecord t = accounts.createToken(new NewToken(name, hash(name), "viewer", Set.of(), null, T0, "cli:root"), audit("token.create", "token:" + name));
        assertThat(accounts.revokeToken(t.id(), T0 + 7, audit("token.revoke", "token:" + name))).isTrue();
        assertThat(accounts.revokeToken(t.id(), T0 + 8, audit("token.revoke", "token:" + name))).isFalse();
        assertThat(accounts.token(hash(name)).orElseThrow().token().revokedAt()).isEqualTo(T0 + 7);
        assertThat(rowsFor("token:" + name)).extracting(r -> r.entry().action()).containsExactly("token.revoke", "token.create");
    }

    @Test
    void pages_the_audit_log_newest_first_and_by_user() {
        long id = accounts.createUser(newUser(name), audit("user.create", "user:" + name)).id();
        for (int i = 0; i < 5; i++) {
            accounts.record(new AuditEntry(T0 + i, "user:" + name, id, null, "session", "127.0.0.1", "test.step", name, "ok", "{\"i\":" + i + "}"));
        }
        AuditPage first = accounts.audit(new AuditQuery(null, 3, id, null));
        assertThat(first.entries()).extracting(r -> r.entry().detail()).containsExactly("{\"i\":4}", "{\"i\":3}", "{\"i\":2}");
        AuditPage second = accounts.audit(new AuditQuery(first.nextBeforeId(), 3, id, null));
        assertThat(second.entries()).extracting(r -> r.entry().detail()).containsExactly("{\"i\":1}", "{\"i\":0}");
        assertThat(second.nextBeforeId()).isNull();
        AuditRecord newest = first.entries().get(0);
        assertThat(newest.entry()).isEqualTo(new AuditEntry(T0 + 4, "user:" + name, id, null, "session", "127.0.0.1", "test.step", name, "ok", "{\"i\":4}"));
    }

    @Test
    void records_a_read_once_per_reader_target_and_window() {
        String target = "message:" + name;
        AuditEntry alice = new AuditEntry(T0, "user:alice", null, null, "session", null, "message.payload.read", target, "ok", null);
        AuditEntry bob = new AuditEntry(T0 + 1, "user:bob", null, null, "session", null, "message.payload.read", target, "ok", null);
        assertThat(accounts.recordOnceSince(alice, T0 - 3_600_000)).isTrue();
        assertThat(accounts.recordOnceSince(bob, T0 + 1 - 3_600_000)).isTrue();
        AuditEntry aliceAgain = new AuditEntry(T0 + 60_000, "user:alice", null, null, "session", null, "message.payload.read",
                target, "ok", null);
        assertThat(accounts.recordOnceSince(aliceAgain, T0 + 60_000 - 3_600_000)).isFalse();
        AuditEntry aliceNextWindow = new AuditEntry(T0 + 3_600_001, "user:alice", null, null, "session", null,
                "message.payload.read", target, "ok", null);
        assertThat(accounts.recordOnceSince(aliceNextWindow, T0 + 1)).isTrue();
        assertThat(rowsFor(target)).extracting(r -> r.entry().actor() + "@" + (r.entry().at() - T0))
                .containsExactly("user:alice@3600001", "user:bob@1", "user:alice@0");
    }

    private List<AuditRecord> rowsFor(String target) {
        return accounts.audit(new AuditQuery(null, AuditQuery.MAX_LIMIT, null, null)).entries().stream()
                .filter(r -> target.equals(r.entry().target())).toList();
    }

    private static NewUser newUser(String username) {
        return new NewUser(username, "viewer", Set.of(), "$argon2id$x", false, T0);
    }

    private static AuditEntry audit(String action, String target) {
        return new AuditEntry(T0, "cli:test", null, null, "cli", null, action, target, "ok", null);
    }

    private static String hash(String text) {
        return io.ductus.core.auth.Credentials.hash(text);
    }
}
