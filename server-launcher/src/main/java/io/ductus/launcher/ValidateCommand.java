package io.ductus.launcher;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.Problem;
import io.ductus.project.LoadedProject;
import io.ductus.project.ProjectLoader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Checks a project folder without starting anything and prints every problem, one per line, as
 * {@code path:line:col: field: message} with paths relative to the project. Exit code 1 when there is any.
 * It is the engine's own check (the one its start makes): connector settings against the installed types
 * and plugins, and each interface's code loaded through the script host.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a project folder (ductus.yaml, resources.yaml and interfaces/*/interface.yaml) and print every problem.")
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--project", paramLabel = "DIR", description = "The project folder (default: the current folder).")
    Path project = Path.of("");

    @Option(names = "--plugins", paramLabel = "DIR",
            description = "Folder of connector plugins whose types the project may use (default: the distribution's plugins/).")
    Path plugins;

    @Option(names = "--data", paramLabel = "DIR", description = "The data folder, where secrets.key is (default: ./data).")
    Path data = Path.of("data");

    @Override
    public Integer call() throws Exception {
        Path folder = project.toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) throw new BadArgumentException("--project: " + folder + " is not a folder");
        LoadedProject loaded = ProjectLoader.load(folder, ConnectorTypes.unknown());
        PrintWriter out = spec.commandLine().getOut();
        List<String> problems = loaded.problems().stream().map(Problem::toString).toList();
        if (loaded.engineProblems().isEmpty()) {
            Optional<List<String>> typed = ConnectorSettingsCheck.problems(folder, Optional.ofNullable(plugins),
                    data.toAbsolutePath().normalize());
            if (typed.isPresent()) problems = typed.get();
            else out.println("(connector settings and code not checked: run validate from a distribution, bin/ductus)");
        }
        problems.forEach(out::println);
        io.ductus.core.project.ProjectSettings settings = loaded.project().settings();
        io.ductus.core.project.ApiExposure.warning(settings.apiListen().orElse(io.ductus.sdk.config.HostPort.parse(
                io.ductus.core.project.ProjectShapes.DEFAULT_API_LISTEN)), settings.apiSecurity())
                .ifPresent(w -> out.println("warning: " + io.ductus.core.project.ProjectShapes.DUCTUS_FILE + ": api.listen: " + w));
        if (!problems.isEmpty()) {
            out.println(problems.size() + " problem(s) in " + folder);
            return ExitCodes.FAILED;
        }
        int interfaces = loaded.project().interfaces().size();
        out.println("project " + folder + " is valid: " + interfaces + " interface(s)");
        return ExitCodes.OK;
    }
}
