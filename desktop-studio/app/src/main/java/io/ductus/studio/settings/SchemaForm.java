package io.ductus.studio.settings;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings form of a YAML file, generated from the JSON Schema the engine serves for it (the connector types
 * installed, plugins' included): a field per setting the schema describes, in groups ("source",
 * "destinations.lab", "ordering"), each with its kind (text, number, yes/no, a choice), its description, its
 * default and its value in the YAML. A connector's own settings follow its type: the schema's
 * {@code if type = X then …} parts. Lists and free maps are left to the YAML tab. Pure.
 */
public final class SchemaForm {

    /** What a field edits: words, a number, yes or no, or one of some values. */
    public enum Kind { TEXT, NUMBER, BOOLEAN, CHOICE }

    /**
     * One setting.
     *
     * @param path    the dotted key path (destinations.lab.path), as the engine's problems name it
     * @param group   the heading it is under
     * @param label   its key
     * @param choices for a choice (and a connector's type)
     * @param value   what the YAML says now; empty when not set
     */
    public record Field(String path, String group, String label, Kind kind, List<String> choices, String description, String defaultValue,
                        boolean required, String value) {
    }

    private SchemaForm() {
    }

    /** The fields of the file as the YAML is now (a destination's fields once it has a type, and so on). */
    public static List<Field> fields(JsonNode schema, YamlDocument yaml) {
        List<Field> fields = new ArrayList<>();
        Map<String, YamlDocument.Scalar> values = yaml.scalars();
        object(schema, "", "interface", fields, values, yaml, 0);
        return fields;
    }

    private static void object(JsonNode schema, String prefix, String group, List<Field> fields, Map<String, YamlDocument.Scalar> values,
                               YamlDocument yaml, int depth) {
        Set<String> required = new LinkedHashSet<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        for (var e : schema.path("properties").properties()) {
            String name = e.getKey();
            JsonNode p = e.getValue();
            String path = prefix.isEmpty() ? name : prefix + "." + name;
            property(p, path, group, name, required.contains(name), fields, values, yaml, depth);
        }
    }

    private static void property(JsonNode p, String path, String group, String name, boolean required, List<Field> fields,
                                 Map<String, YamlDocument.Scalar> values, YamlDocument yaml, int depth) {
        JsonNode connector = connectorObject(p);
        if (connector != null) { // source: a connector (or a word such as internal)
            connector(connector, words(p), path, fields, values, yaml, depth, p.path("description").asText(""));
            return;
        }
        if (p.path("additionalProperties").isObject() && p.path("additionalProperties").has("properties")) { // destinations: name → connector
            for (String key : yaml.keys(path)) connector(p.get("additionalProperties"), List.of(), path + "." + key, fields, values, yaml,
                    depth + 1, p.get("additionalProperties").path("description").asText(""));
            return;
        }
        if (p.has("properties")) {
            if (depth < 3) object(p, path, path, fields, values, yaml, depth + 1);
            return;
        }
        if (isType(p, "array") || isType(p, "object")) return; // lists and free maps: the YAML tab
        fields.add(field(p, path, group, name, required, values));
    }

    /** A connector's settings: its type as a choice of the types the schema knows, then that type's own settings and the common ones. */
    private static void connector(JsonNode schema, List<String> words, String path, List<Field> fields, Map<String, YamlDocument.Scalar> values,
                                  YamlDocument yaml, int depth, String description) {
        Set<String> types = new LinkedHashSet<>(words);
        Map<String, JsonNode> byType = new LinkedHashMap<>();
        for (JsonNode part : schema.path("allOf")) {
            String type = part.path("if").path("properties").path("type").path("const").asText("");
            if (type.isEmpty()) continue;
            types.add(type);
            byType.put(type, part.path("then"));
        }
        String type = values.containsKey(path + ".type") ? values.get(path + ".type").value()
                : values.containsKey(path) ? values.get(path).value() : "";
        fields.add(new Field(path + ".type", path, "type", Kind.CHOICE, List.copyOf(types), description.isEmpty()
                ? schema.path("properties").path("type").path("description").asText("") : description, "", true, type));
        Set<String> shown = new LinkedHashSet<>(List.of("type"));
        JsonNode own = byType.get(type);
        if (own != null) {
            Set<String> required = new LinkedHashSet<>();
            own.path("required").forEach(r -> required.add(r.asText()));
            for (var e : own.path("properties").properties()) {
                if (!shown.add(e.getKey())) continue;
                property(e.getValue(), path + "." + e.getKey(), path, e.getKey(), required.contains(e.getKey()), fields, values, yaml, depth);
            }
        }
        for (var e : schema.path("properties").properties()) {
            if (!shown.add(e.getKey())) continue;
            property(e.getValue(), path + "." + e.getKey(), path, e.getKey(), false, fields, values, yaml, depth);
        }
    }

    /** The object alternative of {@code anyOf: [ {const: internal}, {type: object, properties: {type…}, allOf: [if/then…]} ]}. */
    private static JsonNode connectorObject(JsonNode p) {
        for (JsonNode alt : p.path("anyOf")) {
            if (alt.path("properties").has("type") && alt.has("allOf")) return alt;
        }
        return null;
    }

    /** The words an anyOf allows instead of the object (internal). */
    private static List<String> words(JsonNode p) {
        List<String> words = new ArrayList<>();
        for (JsonNode alt : p.path("anyOf")) if (alt.has("const")) words.add(alt.get("const").asText());
        return words;
    }

    private static Field field(JsonNode p, String path, String group, String name, boolean required, Map<String, YamlDocument.Scalar> values) {
        Kind kind;
        List<String> choices = List.of();
        if (p.has("enum")) {
            kind = Kind.CHOICE;
            List<String> c = new ArrayList<>();
            p.get("enum").forEach(v -> c.add(v.asText()));
            choices = c;
        } else if (isType(p, "boolean")) {
            kind = Kind.BOOLEAN;
        } else if (isType(p, "integer") || isType(p, "number")) {
            kind = Kind.NUMBER;
        } else {
            kind = Kind.TEXT;
        }
        YamlDocument.Scalar v = values.get(path);
        return new Field(path, group, name, kind, choices, p.path("description").asText(""), p.has("default") ? p.get("default").asText() : "",
                required, v == null ? "" : v.value());
    }

    private static boolean isType(JsonNode p, String type) {
        JsonNode t = p.path("type");
        if (t.isTextual()) return t.asText().equals(type);
        for (JsonNode x : t) if (x.asText().equals(type)) return true;
        return false;
    }
}
