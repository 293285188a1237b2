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

    /**
     * Starts GraalJS once on a thread of its own, while the launcher reads the project and the framework
     * starts its bundles: loading and initializing its classes (and its compiler's) is most of what the
     * engine's script host costs at start, and done here it overlaps the rest of the start. Only when some
     * interface has code; the engine that comes up later shares what was loaded.
     */
    static void warmUpIfUsed(java.nio.file.Path project) {
        if (!hasCode(project) || "false".equals(System.getProperty("ductus.js.warmup"))) return;
        Thread.ofPlatform().daemon(true).name("javascript-warm-up").start(() -> {
            // made as the script host makes its engine: the first engine to compile sets how the JVM's compiler threads idle
            try (Engine engine = io.ductus.script.ScriptHost.newEngine();
                 org.graalvm.polyglot.Context context = org.graalvm.polyglot.Context.newBuilder("js").engine(engine).build()) {
                context.eval("js", "[1, 2, 3].map(n => n * 2).join(',')");
            } catch (LinkageError | RuntimeException e) {
                // the engine's own start says what is wrong with GraalJS, if anything
            }
            StartupSteps.mark("JavaScript warmed up");
        });
    }

    private static boolean hasCode(java.nio.file.Path project) {
        java.nio.file.Path interfaces = project.resolve("interfaces");
        if (!java.nio.file.Files.isDirectory(interfaces)) return false;
        try (java.util.stream.Stream<java.nio.file.Path> folders = java.nio.file.Files.list(interfaces)) {
            return folders.anyMatch(f -> java.nio.file.Files.isRegularFile(f.resolve("transform.js")));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    static String describe() {
        try {
            ByteArrayOutputStream warnings = new ByteArrayOutputStream();
            try (Engine engine = Engine.newBuilder("js").logHandler(warnings).option("engine.WarnInterpreterOnly", "false").build()) {
                String name = engine.getImplementationName();
                boolean optimizing = !name.toLowerCase(java.util.Locale.ROOT).contains("interpreted");
                return "GraalJS " + Distribution.graalVersion() + " (" + (optimizing ? "optimizing runtime"
                        : "interpreter; serve runs the optimizing compiler on Java 25 unless DUCTUS_OPTIMIZING=false") + ")";
            }
        } catch (LinkageError | RuntimeException e) {
            return "not available (" + e.getMessage() + ")";
        }
    }
}
