package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.auth.Credentials;
import io.ductus.core.auth.Passwords;
import io.ductus.core.config.DatabaseSetting;
import io.ductus.store.account.AuditQuery;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.TokenIdentity;
import io.ductus.store.account.UserRecord;
import io.ductus.store.contract.PostgresServer;
import io.ductus.store.jdbc.JdbcStore;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** ductus user create and ductus token create on the server's database, found the way ductus serve finds it. */
class AccountCommandsTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void project() throws Exception {
        Files.createDirectories(dir.resolve("project"));
    }

    @Test
    void user_create_makes_a_user_who_must_change_the_password_and_audits_it() throws Exception {
        assertThat(run("a long enough password\n", "user", "create", "--name", "alice", "--role", "admin",
                "--permission", "audit")).as(err.toString()).isZero();
        assertThat(out.toString()).isEqualTo("created user alice (role admin, permissions audit);"
                + " they must change this password at first sign-in\n");
        try (JdbcStore store = open(sqlite())) {
            UserRecord alice = store.accounts().user("alice").orElseThrow();
            assertThat(alice.role()).isEqualTo("admin");
            assertThat(alice.mustChangePassword()).isTrue();
            assertThat(Passwords.verify("a long enough password", alice.passwordHash())).isTrue();
            AuditRecord row = audit(store).get(0);
            assertThat(row.entry().action()).isEqualTo("user.create");
            assertThat(row.entry().target()).isEqualTo("user:alice");
            assertThat(row.entry().actor()).startsWith("cli:");
            assertThat(row.entry().via()).isEqualTo("cli");
        }
    }

    @Test
    void token_create_prints_the_secret_once_and_stores_only_its_hash() throws Exception {
        assertThat(run("", "token", "create", "--name", "monitoring", "--role", "viewer")).as(err.toString()).isZero();
        String secret = out.toString().strip();
        assertThat(secret).matches("dux_[0-9a-f]{64}");
        assertThat(err.toString()).contains("created token monitoring (role viewer); the secret below is shown only this once");
        try (JdbcStore store = open(sqlite())) {
            TokenIdentity token = store.accounts().token(Credentials.hash(secret)).orElseThrow();
            assertThat(token.token().name()).isEqualTo("monitoring");
            assertThat(token.owner()).isNull();
            assertThat(audit(store)).extracting(r -> r.entry().action()).containsExactly("token.create");
            assertThat(audit(store).get(0).entry().detail()).doesNotContain(secret);
        }
    }

    @Test
    void a_token_for_a_user_may_not_have_more_than_the_user() throws Exception {
        run("a long enough password\n", "user", "create", "--name", "bob", "--role", "viewer");
        out.getBuffer().setLength(0);
        assertThat(run("", "token", "create", "--name", "bobs", "--role", "operator", "--user", "bob"))
                .isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("a token may not have more than its owner: bob has viewer");
        assertThat(run("", "token", "create", "--name", "bobs", "--role", "viewer", "--user", "bob")).isZero();
    }

    @Test
    void bad_roles_names_and_passwords_are_bad_arguments() throws Exception {
        assertThat(run("", "token", "create", "--name", "x", "--role", "root")).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("--role: role must be one of viewer, operator, admin, not 'root'");
        assertThat(run("short\n", "user", "create", "--name", "carol", "--role", "viewer")).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("a password needs at least 12 characters");
        assertThat(run("", "user", "create", "--name", "dave", "--role", "viewer")).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("no password on standard input");
        assertThat(run("", "token", "create", "--name", "a b", "--role", "viewer")).isEqualTo(ExitCodes.BAD_ARGUMENTS);
    }

    @Test
    void a_taken_name_fails_with_the_reason() throws Exception {
        assertThat(run("", "token", "create", "--name", "ci", "--role", "viewer")).isZero();
        assertThat(run("", "token", "create", "--name", "ci", "--role", "viewer")).isEqualTo(ExitCodes.FAILED);
        assertThat(err.toString()).contains("there is already a token named 'ci'");
    }

    @Test
    void uses_the_database_of_ductus_yaml_like_serve_does() throws Exception {
        String postgres = PostgresServer.newDatabase("accounts_cli");
        Files.writeString(dir.resolve("project/ductus.yaml"), "database: " + postgres + "\n");
        assertThat(run("", "token", "create", "--name", "pg", "--role", "admin")).as(err.toString()).isZero();
        try (JdbcStore store = open(DatabaseSetting.parse(postgres))) {
            assertThat(store.accounts().token(Credentials.hash(out.toString().strip()))).isPresent();
        }
        assertThat(Files.exists(dir.resolve("data/ductus.db"))).isFalse();
    }

    private DatabaseSetting sqlite() {
        return DatabaseSetting.parse("sqlite:" + dir.resolve("data/ductus.db"));
    }

    private static JdbcStore open(DatabaseSetting db) {
        return ServerDatabase.open(db);
    }

    private static List<AuditRecord> audit(JdbcStore store) {
        return store.accounts().audit(new AuditQuery(null, 50, null, null)).entries();
    }

    private int run(String stdin, String... args) {
        InputStream realIn = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        try {
            CommandLine cli = Main.commandLine();
            cli.setOut(new PrintWriter(out, true));
            cli.setErr(new PrintWriter(err, true));
            String[] all = new String[args.length + 2];
            System.arraycopy(args, 0, all, 0, args.length);
            all[args.length] = "--project=" + dir.resolve("project");
            all[args.length + 1] = "--data=" + dir.resolve("data");
            return cli.execute(all);
        } finally {
            System.setIn(realIn);
        }
    }
}
