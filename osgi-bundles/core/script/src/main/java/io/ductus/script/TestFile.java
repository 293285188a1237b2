package io.ductus.script;

import io.ductus.script.TestResults.CodeLocation;
import io.ductus.script.TestResults.Failure;
import io.ductus.script.TestResults.FileResult;
import io.ductus.script.TestResults.TestResult;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.SourceSection;
import org.graalvm.polyglot.Value;

/**
 * An interface's test file ({@code interfaces/<name>/tests/*.test.js}), ready to run: an ES module that
 * imports the interface's code and declares tests with the globals of the test runtime. Each run gets a
 * fresh context with the same sandbox as the engine's; its tests run in the order declared, each bounded
 * by the interface's timeout, with the mocks reset before each.
 */
public final class TestFile {

    private final InterfaceScript script;
    private final Path file;
    private final String interfaceName;

    TestFile(InterfaceScript script, Path file, String interfaceName) {
        this.script = script;
        this.file = file;
        this.interfaceName = interfaceName;
    }

    public Path file() {
        return file;
    }

    /** Runs every test of the file; never throws for what the code does. */
    public FileResult run() {
        Output output = new Output();
        ScriptContext context;
        try {
            context = script.newTestContext(output, interfaceName);
        } catch (ScriptException e) {
            return new FileResult(file, List.of(), Optional.of(failure(e)));
        }
        try (context) {
            Value runner = context.testRunner();
            int count = context.guarded(() -> runner.invokeMember("count")).asInt();
            output.lines(); // what the file's top level wrote belongs to no test
            List<TestResult> results = new ArrayList<>();
            boolean cancelled = false;
            for (int i = 0; i < count; i++) {
                int index = i;
                String name = context.guarded(() -> runner.invokeMember("name", index)).asString();
                if (cancelled) {
                    results.add(new TestResult(name, Duration.ZERO, Optional.of(Failure.of("not run: an earlier test would not stop")), List.of()));
                    continue;
                }
                long start = System.nanoTime();
                Optional<Failure> failure;
                try {
                    context.guarded(() -> runner.invokeMember("start", index));
                    failure = failure(context.guarded(() -> runner.invokeMember("outcome")));
                } catch (ScriptException e) {
                    failure = Optional.of(failure(e));
                    cancelled = e.kind() == ScriptException.Kind.CANCELLED;
                }
                results.add(new TestResult(name, Duration.ofNanos(System.nanoTime() - start), failure, output.lines()));
            }
            return new FileResult(file, results, Optional.empty());
        } catch (ScriptException e) {
            return new FileResult(file, List.of(), Optional.of(failure(e)));
        }
    }

    /** The runner's outcome of a test: {@code {passed}} or {@code {passed: false, message, expected, actual, error}}. */
    private Optional<Failure> failure(Value outcome) {
        if (outcome == null || outcome.isNull()) {
            return Optional.of(Failure.of("the test's promise never settled: it awaits something that never comes"));
        }
        if (outcome.getMember("passed").asBoolean()) return Optional.empty();
        List<CodeLocation> frames = userFrames(outcome.getMember("error"));
        Optional<CodeLocation> at = frames.stream().filter(l -> l.file().equals(file)).findFirst();
        Optional<CodeLocation> thrownAt = frames.stream().findFirst().filter(l -> !l.file().equals(file));
        return Optional.of(new Failure(outcome.getMember("message").asString(), text(outcome.getMember("expected")),
                text(outcome.getMember("actual")), at, thrownAt));
    }

    private Failure failure(ScriptException e) {
        String message = e.getMessage();
        String where = " (" + e.file() + (e.line() > 0 ? ":" + e.line() : "") + ")";
        if (e.file() != null && message.endsWith(where)) message = message.substring(0, message.length() - where.length());
        if (e.kind() == ScriptException.Kind.TIMEOUT) message += ", the interface's timeout (interface.yaml timeout:)";
        Optional<CodeLocation> location = e.path() == null ? Optional.empty()
                : Optional.of(new CodeLocation(Path.of(e.path()).toAbsolutePath().normalize(), e.line()));
        Optional<CodeLocation> at = location.filter(l -> l.file().equals(file));
        return new Failure(message, Optional.empty(), Optional.empty(), at, at.isPresent() ? Optional.empty() : location);
    }

    private static Optional<String> text(Value value) {
        return value == null || value.isNull() ? Optional.empty() : Optional.of(value.asString());
    }

    /** The frames of the user's code an error was thrown through, innermost first. */
    private static List<CodeLocation> userFrames(Value error) {
        List<CodeLocation> frames = new ArrayList<>();
        if (error == null || !error.isException()) return frames;
        try {
            error.throwException();
        } catch (PolyglotException e) {
            for (PolyglotException.StackFrame frame : e.getPolyglotStackTrace()) {
                SourceSection at = frame.getSourceLocation();
                if (!frame.isGuestFrame() || at == null || at.getSource().getPath() == null || Prelude.isEngineSource(at.getSource())) continue;
                frames.add(new CodeLocation(Path.of(at.getSource().getPath()).toAbsolutePath().normalize(), at.getStartLine()));
            }
        }
        return frames;
    }

    /** Console output of the test context, taken line by line after each test. */
    private static final class Output extends OutputStream {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            bytes.write(b);
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) {
            bytes.write(b, off, len);
        }

        synchronized List<String> lines() {
            String text = bytes.toString(StandardCharsets.UTF_8);
            bytes.reset();
            return text.isEmpty() ? List.of() : text.lines().toList();
        }
    }
}
