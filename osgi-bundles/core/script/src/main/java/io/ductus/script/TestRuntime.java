package io.ductus.script;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * The globals of {@code ductus test} ({@code test}, {@code expect}, {@code mock}, {@code hl7},
 * {@code meta}, {@code run}): JavaScript shipped beside this class as {@value #NAME}, installed into a
 * test file's context after the prelude. It puts the mocks where the prelude's services look
 * ({@code globalThis.__ductus_ops}) and answers the runner {@link TestFile} drives.
 */
final class TestRuntime {

    static final String NAME = "ductus-test.js";

    private static final Source SOURCE = Source.newBuilder("js", read(), NAME).buildLiteral();

    private TestRuntime() {
    }

    /** Installs the globals; the runner: {@code count()}, {@code name(i)}, {@code start(i)}, {@code outcome()}. */
    static Value install(Context context, TestHost host, String interfaceName) {
        return context.eval(SOURCE).execute(host, interfaceName, Prelude.DECISION_MARK);
    }

    private static String read() {
        try (InputStream in = TestRuntime.class.getResourceAsStream(NAME)) {
            if (in == null) throw new IllegalStateException(NAME + " is missing from the script bundle");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
