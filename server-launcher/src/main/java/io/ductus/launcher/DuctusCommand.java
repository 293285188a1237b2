package io.ductus.launcher;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "ductus", mixinStandardHelpOptions = true, versionProvider = Distribution.VersionProvider.class,
        description = "Ductus healthcare integration engine.")
final class DuctusCommand implements Callable<Integer> {

    /** The commands, in the order the help lists them ({@link Main#commandLine(String)} adds them). */
    static final List<Class<?>> SUBCOMMANDS = List.of(ServeCommand.class, ValidateCommand.class, TestCommand.class, SendCommand.class,
            StatusCommand.class, MessagesCommand.class, ResendCommand.class, AlertsCommand.class, HotspotsCommand.class,
            DestinationCommands.Pause.class, DestinationCommands.Resume.class, DestinationCommands.Retry.class, DrainCommand.class,
            EnginesCommand.class, RetentionCommand.class, DesignCommands.Deploy.class, DesignCommands.Revisions.class,
            DesignCommands.Diff.class, DesignCommands.Rollback.class, ReplayCommand.class, CertCommand.class, SecretCommand.class,
            UserCommand.class, TokenCommand.class, VersionCommand.class, AotTrainingCommand.class);

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("ductus: a command is required (serve, validate, test, send, status, messages, resend, alerts, hotspots, pause, resume, retry, drain, engines, deploy, revisions, diff, rollback, replay, secret, user, token, version); see ductus --help");
        return ExitCodes.BAD_ARGUMENTS;
    }
}
