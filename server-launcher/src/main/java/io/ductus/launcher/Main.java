package io.ductus.launcher;

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
        return commandLine().execute(args);
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new DuctusCommand());
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
}
