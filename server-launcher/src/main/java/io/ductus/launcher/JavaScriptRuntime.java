package io.ductus.launcher;

import java.io.ByteArrayOutputStream;
import org.graalvm.polyglot.Engine;

/**
 * Says which JavaScript runtime this JVM has: GraalJS with its optimizing compiler, or the interpreter it
 * falls back to when the JVM was started without the compiler (about three times slower).
 */
final class JavaScriptRuntime {

    private JavaScriptRuntime() {
    }

    static String describe() {
        try {
            ByteArrayOutputStream warnings = new ByteArrayOutputStream();
            try (Engine engine = Engine.newBuilder("js").logHandler(warnings).option("engine.WarnInterpreterOnly", "false").build()) {
                String name = engine.getImplementationName();
                boolean optimizing = !name.toLowerCase(java.util.Locale.ROOT).contains("interpreted");
                return "GraalJS " + Distribution.graalVersion() + " (" + (optimizing ? "optimizing runtime" : "interpreter only: the optimizing compiler needs Java 25 with the flags bin/ductus sets") + ")";
            }
        } catch (LinkageError | RuntimeException e) {
            return "not available (" + e.getMessage() + ")";
        }
    }
}
