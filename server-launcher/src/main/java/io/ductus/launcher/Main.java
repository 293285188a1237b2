package io.ductus.launcher;

import java.util.List;
import picocli.CommandLine;

/** The {@code ductus} command. Exit codes: 0 done, 1 failed, 2 bad arguments. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        // Only the server narrates its work; the other commands print their results and log only trouble.
        Logging.configure(args.length > 0 && args[0].equals("serve") ? "info" : "warn");
        StartupSteps.mark("launcher running (the JVM started)");
        System.exit(run(args));
    }

    static int run(String... args) {
        return commandLine(args.length > 0 ? args[0] : null).execute(args);
    }

    /** The ductus command with every command. */
    static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The ductus command with only the command {@code first} names when it names one (else with every command):
     * picocli reads a command's options by reflection, loading what their fields name (Jackson, Bouncy Castle's
     * signed jar, which the JVM verifies), about half a second of every start spent on commands that do not run.
     */
    static CommandLine commandLine(String first) {
        List<Class<?>> named = DuctusCommand.SUBCOMMANDS.stream().filter(c -> names(c).contains(first)).toList();
        CommandLine cli = new CommandLine(new DuctusCommand());
        for (Class<?> command : named.isEmpty() ? DuctusCommand.SUBCOMMANDS : named) cli.addSubcommand(command);
        cli.setParameterExceptionHandler((e, args) -> {
            CommandLine failed = e.getCommandLine();
            failed.getErr().println(failed.getCommandName() + ": " + e.getMessage() + " (see "
                    + failed.getCommandSpec().qualifiedName() + " --help)");
            return ExitCodes.BAD_ARGUMENTS;
        });
        cli.setExecutionExceptionHandler((e, failed, parseResult) -> {
            if (e instanceof BadArgumentException bad) {
                failed.getErr().println(failed.getCommandName() + ": " + bad.getMessage());
                return ExitCodes.BAD_ARGUMENTS;
            }
            failed.getErr().println(failed.getCommandName() + ": " + e.getMessage());
            return ExitCodes.FAILED;
        });
        return cli;
    }

    private static List<String> names(Class<?> command) {
        CommandLine.Command c = command.getAnnotation(CommandLine.Command.class);
        List<String> names = new java.util.ArrayList<>(List.of(c.aliases()));
        names.add(c.name());
        return names;
    }
}
