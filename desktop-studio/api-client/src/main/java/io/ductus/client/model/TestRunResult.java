package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A test run's answer: the problems of the code (then no test ran), the counts, and per test file each test's
 * result with its failure.
 */
@ApiSchema("TestRunResult")
public record TestRunResult(@JsonProperty("interface") String interfaceName, String code, List<FileProblem> problems, boolean ran,
                            int passed, int failed, List<TestFile> files, double tookMs) {

    public TestRunResult {
        problems = problems == null ? List.of() : List.copyOf(problems);
        files = files == null ? List.of() : List.copyOf(files);
    }

    /** One test file: its path, counts, why it did not load (null when it did), its tests. */
    @ApiSchema("TestRunResult/files")
    public record TestFile(String path, int passed, int failed, TestFailure loadFailure, List<TestCase> tests) {

        public TestFile {
            tests = tests == null ? List.of() : List.copyOf(tests);
        }
    }

    /** One test: its name, whether it passed, how long it ran, its failure (null when it passed), what it logged. */
    @ApiSchema("TestRunResult/files/tests")
    public record TestCase(String name, boolean passed, double tookMs, TestFailure failure, List<String> output) {

        public TestCase {
            output = output == null ? List.of() : List.copyOf(output);
        }
    }
}
