package io.ductus.launcher;

import picocli.CommandLine;

/** The {@code ductus} command. Exit codes: 0 done, 1 failed, 2 bad arguments. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        Logging.configure();
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
