package io.ductus.studio.design;

import io.ductus.client.model.TestFailure;
import java.util.List;

/**
 * One line of the tests panel: a test (or a test file that does not load), where it is, whether it passed, and
 * its failure with the test file's line.
 *
 * @param path    the test file (interfaces/NAME/tests/….test.js)
 * @param name    the test's name; for a file that does not load, "(the file does not load)"
 * @param failure null when it passed
 */
public record TestRow(String path, String name, boolean passed, TestFailure failure, List<String> output, double tookMs) {

    public TestRow {
        output = output == null ? List.of() : List.copyOf(output);
    }

    /** The file's name without its folder: ehr.test.js. */
    public String file() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** "passed" or "failed" (with the line). */
    public String outcome() {
        if (passed) return "passed";
        Integer line = line();
        return line == null ? "failed" : "failed at line " + line;
    }

    /** The test file's line the failure is at; null when it passed or the line is not known. */
    public Integer line() {
        return failure == null ? null : failure.line();
    }

    /** What went wrong, in one line; empty when it passed. */
    public String message() {
        return failure == null ? "" : failure.message();
    }
}
