package io.ductus.script;

import io.ductus.core.project.InterfaceCode;
import io.ductus.core.project.Position;
import io.ductus.core.project.Problem;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Loads an interface's code the way a worker does (the module evaluated in a sandboxed context) to see
 * whether it loads and which functions it exports, for the project check: a syntax error, an import that
 * does not resolve or code that throws as it loads is a problem with the file and line it is at.
 */
public final class CodeInspection {

    /** GraalJS's words for an import whose file is not there (it gives no source location for it). */
    private static final Pattern MODULE_NOT_FOUND = Pattern.compile("(?:Cannot find module|Error reading module) '([^']+)' imported from (\\S+?)(?::.*)?$");
    private static final Pattern LOCATION = Pattern.compile("^((?:[A-Za-z]+Error: )?)(\\S+):(\\d+):(\\d+) ");
    private static final Pattern IMPORT = Pattern.compile("(?:\\bfrom|\\bimport)\\s*\\(?\\s*(['\"])([^'\"]+)\\1");

    private CodeInspection() {
    }

    /**
     * @param script the interface's loaded code, or empty when it has no transform.js
     * @param project the project folder, so problems name files relative to it
     */
    public static InterfaceCode inspect(Optional<InterfaceScript> script, Path project) {
        if (script.isEmpty()) return InterfaceCode.NONE;
        Path module = script.get().moduleFile();
        String file = relative(project, module);
        try {
            return new InterfaceCode(Optional.of(file), script.get().exportedFunctions(), List.of());
        } catch (ScriptException e) {
            return new InterfaceCode(Optional.of(file), Set.of(), List.of(problem(e, project, script.get())));
        } catch (java.io.UncheckedIOException e) {
            return new InterfaceCode(Optional.of(file), Set.of(), List.of(new Problem(file, Position.START, "", e.getMessage())));
        }
    }

    private static Problem problem(ScriptException e, Path project, InterfaceScript script) {
        Path module = script.moduleFile();
        if (e.path() != null && e.line() > 0) {
            // GraalJS writes the place into the text too ("transform.js:2:12 Expected …", "… (transform.js:2)"): once is enough.
            // A syntax error goes on with the line and a caret under it: the position says as much.
            String text = e.getMessage().lines().findFirst().orElse("").replaceFirst(" \\([^()]*:\\d+\\)$", "");
            Matcher at = LOCATION.matcher(text);
            int column = 1;
            if (at.find() && Integer.parseInt(at.group(3)) == e.line()) {
                column = Integer.parseInt(at.group(4));
                text = at.group(1) + text.substring(at.end());
            }
            return new Problem(relative(project, Path.of(e.path())), new Position(e.line(), Math.max(1, column)), "", text);
        }
        Matcher missing = MODULE_NOT_FOUND.matcher(e.getMessage());
        if (missing.find()) {
            Path wanted = Path.of(missing.group(1));
            Path importer = Path.of(missing.group(2));
            boolean absent = e.getMessage().contains("Cannot find module") || e.getMessage().contains(MemoryCodeFileSystem.NOT_AMONG);
            String message = (absent ? "cannot find the module " : "cannot import ")
                    + relative(project, wanted) + (e.getMessage().contains("may only read") ? ": interface code may only import"
                    + " files of its own folder and the project's lib/" : "");
            return new Problem(relative(project, importer), new Position(importLine(script, importer, wanted), 1), "", message);
        }
        return new Problem(relative(project, module), Position.START, "", e.getMessage());
    }

    /** The line of the importer that imports the file, or 1 when it cannot be told. */
    private static int importLine(InterfaceScript script, Path importer, Path wanted) {
        try {
            List<String> lines = script.codeText(importer).map(t -> t.lines().toList()).orElse(List.of());
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = IMPORT.matcher(lines.get(i));
                while (m.find()) {
                    if (importer.getParent().resolve(m.group(2)).normalize().equals(wanted.normalize())) return i + 1;
                }
            }
        } catch (RuntimeException e) {
            // the line is a convenience; the message names the file
        }
        return 1;
    }

    private static String relative(Path project, Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path root = project.toAbsolutePath().normalize();
        return (absolute.startsWith(root) ? root.relativize(absolute) : absolute).toString().replace('\\', '/');
    }
}
