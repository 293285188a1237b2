package io.ductus.engine.design;

import io.ductus.core.project.InterfaceDefinition;
import io.ductus.core.project.Position;
import io.ductus.core.project.Problem;
import io.ductus.core.revision.InterfaceFiles;
import io.ductus.script.ScriptHost;
import io.ductus.script.TestResults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a candidate's tests ({@code interfaces/<name>/tests/*.test.js}) as {@code ductus test} runs them,
 * with the services mocked, from the candidate's files: a deploy goes ahead only when every one passes;
 * the tests operation (the studio's tests panel) shows each test's result.
 */
public final class CandidateTests {

    /** What the tests came to; every failure as a problem at the test's line. */
    record Summary(int files, int passed, int failed, List<Problem> failures) {
    }

    /** One test file's result, by its path in the interface's files. */
    public record Ran(String path, TestResults.FileResult result) {
    }

    private CandidateTests() {
    }

    static Summary run(InterfaceDefinition definition, InterfaceFiles files, ScriptHost host, Path project) {
        List<Ran> ran = each(definition, files, host, project);
        int passed = 0;
        int failed = 0;
        List<Problem> failures = new ArrayList<>();
        for (Ran r : ran) {
            passed += (int) r.result().passed();
            failed += (int) r.result().failed();
            r.result().loadFailure().ifPresent(f -> failures.add(problem(r.path(), project, f, "the test file does not load: ")));
            for (TestResults.TestResult t : r.result().tests()) {
                t.failure().ifPresent(f -> failures.add(problem(r.path(), project, f, "test '" + t.name() + "' failed: ")));
            }
        }
        return new Summary(ran.size(), passed, failed, failures);
    }

    /** Every test file of the candidate run, in path order. */
    public static List<Ran> each(InterfaceDefinition definition, InterfaceFiles files, ScriptHost host, Path project) {
        String tests = InterfaceFiles.folder(definition.name()) + "tests/";
        List<Ran> ran = new ArrayList<>();
        for (String path : files.paths().stream().sorted().toList()) {
            if (!path.startsWith(tests) || !path.endsWith(".test.js") || path.substring(tests.length()).contains("/")) continue;
            ran.add(new Ran(path, host.loadTests(project, files, path, definition.timeout()).run()));
        }
        return ran;
    }

    /** A failure as the deploy's problem (and {@code ductus test}) says it, at the test's line. */
    public static Problem problem(String path, Path project, TestResults.Failure f, String what) {
        StringBuilder message = new StringBuilder(what).append(f.message());
        f.expected().ifPresent(e -> message.append(" (expected ").append(e));
        f.actual().ifPresent(a -> message.append(f.expected().isPresent() ? ", got " : " (got ").append(a));
        if (f.expected().isPresent() || f.actual().isPresent()) message.append(')');
        f.thrownAt().ifPresent(at -> message.append("; thrown at ").append(relative(project, at.file())).append(':').append(at.line()));
        int line = f.at().map(TestResults.CodeLocation::line).orElse(1);
        return new Problem(path, new Position(Math.max(1, line), 1), "", message.toString());
    }

    /** A file of the project as the project names it (relative, forward slashes). */
    public static String relative(Path project, Path file) {
        Path root = project.toAbsolutePath().normalize();
        return file.startsWith(root) ? root.relativize(file).toString().replace('\\', '/') : file.toString();
    }
}
