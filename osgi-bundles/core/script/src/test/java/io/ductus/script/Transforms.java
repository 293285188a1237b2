package io.ductus.script;

import io.ductus.core.project.Format;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/** Runs a transform as the engine does: the code is interfaces/lab/transform.js of a project folder. */
final class Transforms {

    static final Map<String, Object> META = Map.of("id", 7L, "interface", "lab-in", "destination", "ehr",
            "receivedAt", "2026-11-29T12:00:00Z", "origin", "remote=127.0.0.1:5000");

    private Transforms() {
    }

    static TransformResult run(ScriptHost host, Path project, String code, byte[] message, Charset charset, Format format)
            throws IOException {
        return run(host, project, code, message, charset, format, format);
    }

    /** As a destination that takes {@code output} runs it, in an interface that reads {@code format}. */
    static TransformResult run(ScriptHost host, Path project, String code, byte[] message, Charset charset, Format format,
                               Format output) throws IOException {
        Path file = project.resolve("interfaces/lab/transform.js");
        Files.createDirectories(file.getParent());
        Files.writeString(file, code);
        try (ScriptContext context = host.load(file, Set.of(file.getParent()), Duration.ofSeconds(5)).newContext()) {
            return Transform.run(context, "transform", message, charset, format, output, META);
        }
    }

    /** The delivered payload as text in its charset; fails when the result is not an output. */
    static String text(TransformResult result) {
        TransformResult.Output output = (TransformResult.Output) result;
        return new String(output.payload(), output.charset());
    }

    /** A test resource of this package, byte for byte. */
    static byte[] resource(String name) {
        try (InputStream in = Transforms.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing test resource " + name);
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
