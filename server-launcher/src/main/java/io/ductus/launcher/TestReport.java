package io.ductus.launcher;

import io.ductus.script.TestResults.CodeLocation;
import io.ductus.script.TestResults.Failure;
import io.ductus.script.TestResults.FileResult;
import io.ductus.script.TestResults.TestResult;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What {@code ductus test} prints: per file, each test passed or failed with its time, a failure's
 * message, expected and actual values and the user's file:line; then one summary line.
 */
final class TestReport {

    private static final String INDENT = "      ";

    private final PrintWriter out;
    private final Path project;
    private final String passedMark;
    private final String failedMark;
    private final long started = System.nanoTime();
    private int passed;
    private int failed;
    private int files;

    TestReport(PrintWriter out, Path project, boolean unicode) {
        this.out = out;
        this.project = project;
        this.passedMark = unicode ? "✓" : "ok";
        this.failedMark = unicode ? "✗" : "FAIL";
    }

    /** Whether standard output can show ✓ and ✗ (else the marks are plain ASCII). */
    static boolean unicodeConsole() {
        try {
            return Charset.forName(System.getProperty("stdout.encoding", Charset.defaultCharset().name())).newEncoder().canEncode("✓✗");
        } catch (RuntimeException e) {
            return false;
        }
    }

    void file(FileResult result) {
        files++;
        out.println(relative(result.file()));
        result.loadFailure().ifPresent(f -> {
            failed++;
            out.println("  " + failedMark + " the file does not load");
            failure(f);
        });
        if (result.loadFailure().isEmpty() && result.tests().isEmpty()) out.println("  (no tests in this file)");
        for (TestResult test : result.tests()) {
            String took = " (" + test.took().toMillis() + " ms)";
            if (test.passed()) {
                passed++;
                out.println("  " + passedMark + " " + test.name() + took);
            } else {
                failed++;
                out.println("  " + failedMark + " " + test.name() + took);
                failure(test.failure().orElseThrow());
            }
            test.output().forEach(line -> out.println(INDENT + "log: " + line));
        }
        out.println();
        out.flush();
    }

    private void failure(Failure failure) {
        block("", failure.message());
        failure.expected().ifPresent(e -> block("expected: ", e));
        failure.actual().ifPresent(a -> block("actual:   ", a));
        failure.at().ifPresent(at -> out.println(INDENT + "at " + location(at)));
        failure.thrownAt().ifPresent(at -> out.println(INDENT + (failure.at().isPresent() ? "thrown at " : "at ") + location(at)));
    }

    /** A value over several lines (an HL7 message) stays aligned under its label. */
    private void block(String label, String text) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            out.println(INDENT + (i == 0 ? label : " ".repeat(label.length())) + lines.get(i));
        }
    }

    /**
     * Prints {@code Tests: 5 passed, 1 failed (2 files, 840 ms)}.
     *
     * @return true when every test passed
     */
    boolean summary() {
        long millis = (System.nanoTime() - started) / 1_000_000;
        out.println("Tests: " + passed + " passed, " + failed + " failed (" + files + " file" + (files == 1 ? "" : "s") + ", "
                + millis + " ms)");
        out.flush();
        return failed == 0;
    }

    private String location(CodeLocation location) {
        return relative(location.file()) + (location.line() > 0 ? ":" + location.line() : "");
    }

    private String relative(Path file) {
        Optional<Path> inside = file.startsWith(project) ? Optional.of(project.relativize(file)) : Optional.empty();
        return inside.map(p -> p.toString().replace('\\', '/')).orElse(file.toString());
    }
}
