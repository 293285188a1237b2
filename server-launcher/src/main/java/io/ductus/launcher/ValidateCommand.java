package io.ductus.launcher;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Checks a project folder without starting anything and prints every problem with file, line and field.
 * Exit code 1 when there is any.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Check a project folder (ductus.yaml and interfaces/*/interface.yaml) and print every problem.")
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--project", paramLabel = "DIR", description = "The project folder (default: the current folder).")
    Path project = Path.of("");

    @Override
    public Integer call() throws IOException {
        Path folder = project.toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) throw new BadArgumentException("--project: " + folder + " is not a folder");
        List<ProjectFile.Problem> problems = new ArrayList<>(ProjectSettings.read(folder).problems());
        List<Path> interfaces = interfaceFiles(folder);
        for (Path file : interfaces) {
            ProjectFile yaml = ProjectFile.read(file);
            if (yaml.problems().isEmpty() && yaml.root().isEmpty()) {
                problems.add(new ProjectFile.Problem(file, 1, 1, "", "the file is empty; an interface needs at least a source"));
            }
            problems.addAll(yaml.problems());
        }
        PrintWriter out = spec.commandLine().getOut();
        for (ProjectFile.Problem p : problems) out.println(relative(folder, p));
        if (!problems.isEmpty()) {
            out.println(problems.size() + " problem(s) in " + folder);
            return ExitCodes.FAILED;
        }
        out.println("project " + folder + " is valid: " + interfaces.size() + " interface(s)");
        return ExitCodes.OK;
    }

    static List<Path> interfaceFiles(Path project) throws IOException {
        Path folder = project.resolve("interfaces");
        if (!Files.isDirectory(folder)) return List.of();
        try (Stream<Path> children = Files.list(folder)) {
            return children.map(p -> p.resolve("interface.yaml")).filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static String relative(Path project, ProjectFile.Problem p) {
        Path shown = p.file().startsWith(project) ? project.relativize(p.file()) : p.file();
        return new ProjectFile.Problem(shown, p.line(), p.column(), p.field(), p.message()).toString();
    }
}
