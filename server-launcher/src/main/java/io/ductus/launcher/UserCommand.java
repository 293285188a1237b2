package io.ductus.launcher;

import io.ductus.core.auth.AccountNames;
import io.ductus.core.auth.Passwords;
import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Role;
import io.ductus.store.account.AccountConflictException;
import io.ductus.store.account.NewUser;
import io.ductus.store.jdbc.JdbcStore;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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

/** Users of the REST API and the studio, made on the server's database directly (the first admin's way in). */
@Command(name = "user", mixinStandardHelpOptions = true, description = "Manage the users who sign in to the API and the studio.",
        subcommands = UserCommand.Create.class)
final class UserCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.BAD_ARGUMENTS;
    }

    @Command(name = "create", mixinStandardHelpOptions = true, sortOptions = false,
            description = "Create a user; the password is read from standard input and must be changed at first sign-in.")
    static final class Create implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The name to sign in with.")
        String name;

        @Option(names = "--role", required = true, paramLabel = "ROLE", description = "viewer, operator or admin.")
        String role;

        @Option(names = "--permission", paramLabel = "PERMISSION", description = "payloads or audit; repeat for both.")
        List<String> permissions = new ArrayList<>();

        @Mixin
        ProjectOptions where = new ProjectOptions();

        @Override
        public Integer call() throws Exception {
            AccountNames.problem(name).ifPresent(p -> {
                throw new BadArgumentException("--name: " + p);
            });
            Role r = AccountArguments.role(role);
            Set<Permission> granted = AccountArguments.permissions(permissions);
            String password = readPassword();
            Passwords.weakness(password, name).ifPresent(w -> {
                throw new BadArgumentException(w);
            });
            byte[] salt = new byte[Passwords.SALT_BYTES];
            new SecureRandom().nextBytes(salt);
            String hash = Passwords.hash(password, salt);
            long now = Clock.systemUTC().millis();
            Set<String> labels = Permission.labelsOf(granted);
            Map<String, Object> detail = new LinkedHashMap<>();
            detail.put("role", r.label());
            detail.put("permissions", labels);
            try (JdbcStore store = ServerDatabase.open(where.database(spec.commandLine().getErr()))) {
                store.accounts().createUser(new NewUser(name, r.label(), labels, hash, true, now),
                        ServerDatabase.audit(now, "user.create", "user:" + name, detail));
            } catch (AccountConflictException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return ExitCodes.FAILED;
            }
            spec.commandLine().getOut().printf("created user %s (role %s%s); they must change this password at first sign-in%n",
                    name, r.label(), labels.isEmpty() ? "" : ", permissions " + String.join(", ", labels));
            return ExitCodes.OK;
        }

        /** Java 22+ returns a Console for redirected streams too and says so with isTerminal(); Java 21 returns none. */
        private static boolean interactive(Console console) {
            if (console == null) return false;
            try {
                return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
            } catch (ReflectiveOperationException e) {
                return true;
            }
        }

        /** From the terminal without echo when there is one, else the first line of standard input. */
        private String readPassword() throws IOException {
            Console console = System.console();
            if (interactive(console)) {
                char[] typed = console.readPassword("password for %s: ", name);
                char[] again = console.readPassword("again: ");
                if (typed == null || again == null || !new String(typed).equals(new String(again))) {
                    throw new BadArgumentException("the two passwords differ");
                }
                return new String(typed);
            }
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line = in.readLine();
            if (line == null || line.isEmpty()) {
                throw new BadArgumentException("no password on standard input (printf '%s\\n' \"$PASSWORD\" | ductus user create ...)");
            }
            return line;
        }
    }
}
