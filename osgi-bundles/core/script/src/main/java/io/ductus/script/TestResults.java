package io.ductus.script;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What running a test file of {@code ductus test} came to. */
public final class TestResults {

    private TestResults() {
    }

    /** A line of the user's code. */
    public record CodeLocation(Path file, int line) {
        public CodeLocation {
            Objects.requireNonNull(file, "file");
        }
    }

    /**
     * Why a test failed.
     *
     * @param message  what went wrong: the expectation ({@code expect(actual).toBe(expected)}), the error,
     *                 or the call that was not mocked and how to mock it
     * @param expected what the expectation wanted, shown as JavaScript, when it is an expectation
     * @param actual   what it got
     * @param at       the line of the test file it happened at, when known
     * @param thrownAt where the error was thrown when that is in another file (the transform, lib/)
     */
    public record Failure(String message, Optional<String> expected, Optional<String> actual, Optional<CodeLocation> at,
                          Optional<CodeLocation> thrownAt) {
        public Failure {
            Objects.requireNonNull(message, "message");
        }

        static Failure of(String message) {
            return new Failure(message, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
        }
    }

    /**
     * One test.
     *
     * @param output what the code wrote with console.log / log.info while the test ran, line by line
     */
    public record TestResult(String name, Duration took, Optional<Failure> failure, List<String> output) {
        public TestResult {
            output = List.copyOf(output);
        }

        public boolean passed() {
            return failure.isEmpty();
        }
    }

    /**
     * One test file.
     *
     * @param loadFailure why the file could not be run at all (it does not parse, an import fails, its top level throws)
     */
    public record FileResult(Path file, List<TestResult> tests, Optional<Failure> loadFailure) {
        public FileResult {
            tests = List.copyOf(tests);
        }

        public long passed() {
            return tests.stream().filter(TestResult::passed).count();
        }

        /** Failed tests, and the file itself when it does not load. */
        public long failed() {
            return tests.size() - passed() + (loadFailure.isPresent() ? 1 : 0);
        }
    }
}
