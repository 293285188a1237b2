package io.ductus.launcher;

import io.ductus.core.project.ConnectorTypes;
import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Problem;
import io.ductus.project.LoadedProject;
import io.ductus.project.ProjectLoader;
import io.ductus.script.ScriptHost;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Runs the interfaces' tests, {@code interfaces/<name>/tests/*.test.js}, on this JVM's GraalJS with the
 * services mocked, and prints each test's result like a test runner. Exit code 0 when every test passed,
 * 1 when any failed, none were found or the project has problems; 2 for an unknown interface.
 */
@Command(name = "test", mixinStandardHelpOptions = true,
        description = "Run the interfaces' tests (interfaces/*/tests/*.test.js) with mocked services and print the results.")
final class TestCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--project", paramLabel = "DIR", description = "The project folder (default: the current folder).")
    Path project = Path.of("");

    @Parameters(arity = "0..1", paramLabel = "INTERFACE", description = "Run only this interface's tests (default: every interface's).")
    String interfaceName;

    @Override
    public Integer call() throws IOException {
        Path folder = project.toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) throw new BadArgumentException("--project: " + folder + " is not a folder");
        PrintWriter out = spec.commandLine().getOut();
        LoadedProject loaded = ProjectLoader.load(folder, ConnectorTypes.unknown());
        if (!loaded.problems().isEmpty()) {
            loaded.problems().stream().map(Problem::toString).forEach(out::println);
            out.println(loaded.problems().size() + " problem(s) in " + folder + ": no tests run");
            return ExitCodes.FAILED;
        }
        List<TestSuite> suites = suites(folder, interfaces(loaded));
        if (suites.isEmpty()) {
            out.println("No tests found: write them in interfaces/" + (interfaceName == null ? "<name>" : interfaceName)
                    + "/tests/*.test.js");
            return ExitCodes.FAILED;
        }
        TestReport report = new TestReport(out, folder, TestReport.unicodeConsole());
        try (ScriptHost host = ScriptHost.start()) {
            for (TestSuite suite : suites) {
                Path interfaceFolder = suite.interfaceFolder();
                report.file(host.loadTests(suite.file(), Set.of(interfaceFolder, folder.resolve("lib")), suite.definition().timeout(),
                        suite.definition().name()).run());
            }
        }
        return report.summary() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    private Collection<InterfaceDefinition> interfaces(LoadedProject loaded) {
        var all = loaded.project().interfaces();
        if (interfaceName == null) return all.values();
        InterfaceDefinition one = all.get(interfaceName);
        if (one == null) {
            throw new BadArgumentException("no interface '" + interfaceName + "' in " + loaded.folder()
                    + (all.isEmpty() ? " (it has none)" : " (it has " + String.join(", ", all.keySet()) + ")"));
        }
        return List.of(one);
    }

    private static List<TestSuite> suites(Path folder, Collection<InterfaceDefinition> interfaces) throws IOException {
        List<TestSuite> suites = new ArrayList<>();
        for (InterfaceDefinition definition : interfaces) {
            Path interfaceFolder = folder.resolve("interfaces").resolve(definition.name());
            Path tests = interfaceFolder.resolve("tests");
            if (!Files.isDirectory(tests)) continue;
            try (Stream<Path> files = Files.list(tests)) {
                files.filter(f -> f.getFileName().toString().endsWith(".test.js") && Files.isRegularFile(f)).sorted()
                        .forEach(f -> suites.add(new TestSuite(definition, interfaceFolder, f)));
            }
        }
        return suites;
    }

    /** One test file of an interface. */
    private record TestSuite(InterfaceDefinition definition, Path interfaceFolder, Path file) {
    }
}
