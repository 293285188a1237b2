package io.ductus.launcher;

import io.ductus.project.SecretsFile;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Manages the project's encrypted secrets file. The value is read from standard input, never from the
 * command line (which shell history and process lists would keep).
 */
@Command(name = "secret", mixinStandardHelpOptions = true,
        description = "Manage the project's encrypted secrets (secrets/<environment>.json).",
        subcommands = {SecretCommand.Set.class, SecretCommand.ListNames.class})
final class SecretCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.BAD_ARGUMENTS;
    }

    /** Where the secrets are: the project and data folder found as every command finds them, and the environment. */
    static final class Where {
        @picocli.CommandLine.Mixin
        ProjectOptions folders = new ProjectOptions();

        @Option(names = "--env", paramLabel = "NAME",
                description = "The environment whose secrets file is used (default: $DUCTUS_ENV, else production).")
        String environment = SecretsFile.environment(System::getenv);

        Path file() {
            if (!Pattern.matches("[A-Za-z0-9_-]+", environment)) throw new BadArgumentException("--env: letters, digits, _ and - only");
            return SecretsFile.path(folders.projectFolder(), environment);
        }

        Path dataFolder() {
            return folders.dataFolder();
        }

        Optional<String> keyFromEnvironment() {
            return SecretsFile.keyFrom(System::getenv);
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = "Encrypt a value read from standard input and store it under NAME (makes the data folder's key on first use).")
    static final class Set implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Where where = new Where();

        @Parameters(paramLabel = "NAME", description = "The secret's name, as interface code and ${secret:NAME} use it.")
        String name;

        @Override
        public Integer call() throws Exception {
            if (!Pattern.matches("[A-Za-z][A-Za-z0-9_]{0,63}", name)) {
                throw new BadArgumentException("NAME: letters, digits and _, starting with a letter");
            }
            PrintWriter out = spec.commandLine().getOut();
            Path file = where.file();
            if (where.keyFromEnvironment().isEmpty() && !Files.exists(where.dataFolder().resolve(SecretsFile.KEY_FILE))) {
                Path key = SecretsFile.createKey(where.dataFolder());
                out.println("made a new key: " + key + " (keep it out of the project's repository; back it up)");
            }
            String value;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                value = in.readLine();
            }
            if (value == null || value.isEmpty()) throw new BadArgumentException("no value on standard input (echo -n VALUE | ductus secret set " + name + ")");
            SecretsFile secrets;
            try {
                secrets = SecretsFile.open(file, where.keyFromEnvironment(), where.dataFolder());
                secrets.readAll(); // every existing value must open with this key before one is added
            } catch (IllegalStateException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return ExitCodes.FAILED;
            }
            secrets.put(name, value);
            out.println("stored " + name + " in " + file);
            return ExitCodes.OK;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "Print the names of the stored secrets (never their values).")
    static final class ListNames implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Where where = new Where();

        @Override
        public Integer call() {
            try {
                SecretsFile.open(where.file(), where.keyFromEnvironment(), where.dataFolder()).readAll().keySet()
                        .forEach(spec.commandLine().getOut()::println);
                return ExitCodes.OK;
            } catch (IllegalStateException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return ExitCodes.FAILED;
            }
        }
    }
}
