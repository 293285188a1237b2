package io.ductus.launcher;

import io.ductus.core.auth.Access;
import io.ductus.core.auth.AccountNames;
import io.ductus.core.auth.Credentials;
import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Role;
import io.ductus.store.account.AccountConflictException;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.NewToken;
import io.ductus.store.account.UserRecord;
import io.ductus.store.jdbc.JdbcStore;
import java.io.PrintWriter;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** API tokens, made on the server's database directly: for scripts, monitoring and the first admin. */
@Command(name = "token", mixinStandardHelpOptions = true, description = "Manage the API's bearer tokens.",
        subcommands = TokenCommand.Create.class)
final class TokenCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.BAD_ARGUMENTS;
    }

    @Command(name = "create", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Create a token and print its secret (only this once) on standard output.")
    static final class Create implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--name", required = true, paramLabel = "NAME", description = "What the token is for.")
        String name;

        @Option(names = "--role", required = true, paramLabel = "ROLE", description = "viewer, operator or admin.")
        String role;

        @Option(names = "--permission", paramLabel = "PERMISSION", description = "payloads or audit; repeat for both.")
        List<String> permissions = new ArrayList<>();

        @Option(names = "--user", paramLabel = "NAME", description = "The user the token acts for (never with more than they have).")
        String user;

        @Mixin
        ProjectOptions where = new ProjectOptions();

        @Override
        public Integer call() throws Exception {
            AccountNames.problem(name).ifPresent(p -> {
                throw new BadArgumentException("--name: " + p);
            });
            Access wanted = new Access(AccountArguments.role(role), AccountArguments.permissions(permissions));
            PrintWriter err = spec.commandLine().getErr();
            byte[] random = new byte[Credentials.RANDOM_BYTES];
            new SecureRandom().nextBytes(random);
            String secret = Credentials.token(random);
            long now = Clock.systemUTC().millis();
            Set<String> labels = Permission.labelsOf(wanted.permissions());
            try (JdbcStore store = ServerDatabase.open(where.database(err))) {
                AccountStore accounts = store.accounts();
                UserRecord owner = null;
                if (user != null) {
                    owner = accounts.user(user).orElseThrow(() -> new BadArgumentException("--user: there is no user named '" + user + "'"));
                    Access ownerAccess = new Access(Role.parse(owner.role()), Permission.parseAll(owner.permissions()));
                    if (!ownerAccess.covers(wanted)) {
                        throw new BadArgumentException("a token may not have more than its owner: " + user + " has "
                                + ownerAccess.role().label() + " with " + Permission.labelsOf(ownerAccess.permissions()));
                    }
                }
                Map<String, Object> detail = new LinkedHashMap<>();
                detail.put("role", wanted.role().label());
                detail.put("permissions", labels);
                if (owner != null) detail.put("owner", owner.username());
                accounts.createToken(new NewToken(name, Credentials.hash(secret), wanted.role().label(), labels,
                        owner == null ? null : owner.id(), now, ServerDatabase.actor()),
                        ServerDatabase.audit(now, "token.create", "token:" + name, detail));
            } catch (AccountConflictException e) {
                err.println(e.getMessage());
                return ExitCodes.FAILED;
            }
            err.printf("created token %s (role %s%s%s); the secret below is shown only this once%n", name, wanted.role().label(),
                    labels.isEmpty() ? "" : ", permissions " + String.join(", ", labels), user == null ? "" : ", for " + user);
            err.flush();
            spec.commandLine().getOut().println(secret);
            return ExitCodes.OK;
        }
    }
}
