package io.ductus.studio.design;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A new interface's first files from three choices (its source's type, its format, its first destination's
 * type): an interface.yaml with the connector's required settings filled with safe defaults, and a transform.js
 * that passes the message on, so the first trial and deploy start from a valid draft. Pure.
 */
public final class NewInterface {

    public static final List<String> SOURCES = List.of("mllp", "http", "file", "internal");
    public static final List<String> FORMATS = List.of("hl7", "json", "xml", "csv", "text");
    public static final List<String> DESTINATIONS = List.of("file", "mllp", "http");
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");

    private NewInterface() {
    }

    /** Why the name cannot be an interface's (empty when it can). */
    public static String problemWithName(String name, java.util.Collection<String> existing) {
        if (name == null || !NAME.matcher(name).matches()) {
            return "An interface's name is lower-case letters, digits and dashes (such as adt-in), at most 63 characters.";
        }
        if (existing.contains(name)) return "There is an interface " + name + " already.";
        return "";
    }

    public static Map<String, String> files(String name, String source, String format, String destination) {
        String folder = "interfaces/" + name + "/";
        String yaml = "# " + name + ": made in the studio; the engine checks it on every trial and deploy\n"
                + "source: " + source(source, name) + "\n"
                + "format: " + format + "\n"
                + "destinations:\n"
                + "  out:\n" + destination(destination, name, format);
        String js = "// " + name + "'s code: each destination runs the function its `transform:` names, else `transform`.\n"
                + "export function transform(msg) {\n"
                + "  return msg;\n"
                + "}\n";
        Map<String, String> files = new LinkedHashMap<>();
        files.put(folder + "interface.yaml", yaml);
        files.put(folder + "transform.js", js);
        return files;
    }

    private static String source(String type, String name) {
        return switch (type) {
            case "mllp" -> "{ type: mllp, listen: 127.0.0.1:0 }   # set the port the sender connects to";
            case "http" -> "{ type: http, listen: 127.0.0.1:0, path: /" + name + " }";
            case "file" -> "{ type: file, folder: in/" + name + " }";
            case "internal" -> "internal   # messages routed here by another interface's destination";
            default -> throw new IllegalArgumentException("no source type " + type);
        };
    }

    private static String destination(String type, String name, String format) {
        return switch (type) {
            case "file" -> "    type: file\n    path: \"out/" + name + "/{id}." + extension(format) + "\"\n";
            case "mllp" -> "    type: mllp\n    connect: 127.0.0.1:2575   # the receiver's host and port\n";
            case "http" -> "    type: http\n    url: \"http://127.0.0.1:8080/" + name + "\"   # the receiver's URL\n";
            default -> throw new IllegalArgumentException("no destination type " + type);
        };
    }

    private static String extension(String format) {
        return format.equals("text") ? "txt" : format;
    }
}
