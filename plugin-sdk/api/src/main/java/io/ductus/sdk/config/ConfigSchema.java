package io.ductus.sdk.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The settings one role of a connector type takes. Validation and parsing live here, once, so every
 * connector reports problems the same way and JSON Schemas for editors can be generated from it.
 */
public final class ConfigSchema {

    /** Keys every connector block has, handled by the engine rather than the connector. */
    public static final Set<String> ENGINE_KEYS = Set.of("type", "transform", "retry", "save_output", "charset");

    private final Map<String, ConfigField> fields;

    private ConfigSchema(Map<String, ConfigField> fields) {
        this.fields = fields;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A schema with no settings of its own. */
    public static ConfigSchema empty() {
        return new ConfigSchema(Map.of());
    }

    public Collection<ConfigField> fields() {
        return fields.values();
    }

    /** Every problem with the raw settings: missing, unknown and ill-typed keys. Empty when they are fine. */
    public List<ConfigProblem> validate(Map<String, ?> raw) {
        List<ConfigProblem> problems = new ArrayList<>();
        for (String key : new TreeSet<>(raw.keySet())) {
            if (!fields.containsKey(key) && !ENGINE_KEYS.contains(key)) {
                problems.add(new ConfigProblem(key, "unknown setting; this connector takes " + knownKeys()));
            }
        }
        for (ConfigField field : fields.values()) {
            Object value = raw.get(field.name());
            if (value == null) {
                if (field.required()) {
                    problems.add(new ConfigProblem(field.name(), "required setting is missing (" + field.type().expected()
                            + (field.description().isEmpty() ? "" : ": " + field.description()) + ")"));
                }
                continue;
            }
            try {
                Object parsed = field.type().parse(value);
                if (field.type() == FieldType.ENUM && !field.allowed().contains(parsed)) {
                    problems.add(new ConfigProblem(field.name(), "expected one of " + field.allowed() + ", got '" + parsed + "'"));
                }
            } catch (IllegalArgumentException e) {
                problems.add(new ConfigProblem(field.name(), e.getMessage()));
            }
        }
        return problems;
    }

    /**
     * The typed settings, with defaults filled in. Call only with settings that {@link #validate} accepted;
     * otherwise it throws IllegalArgumentException naming the first problem.
     */
    public ConnectorConfig parse(Map<String, ?> raw) {
        List<ConfigProblem> problems = validate(raw);
        if (!problems.isEmpty()) throw new IllegalArgumentException(problems.get(0).toString());
        Map<String, Object> values = new LinkedHashMap<>();
        for (ConfigField field : fields.values()) {
            Object value = raw.containsKey(field.name()) ? raw.get(field.name()) : field.defaultValue();
            if (value != null) values.put(field.name(), field.type().parse(value));
        }
        return new ConnectorConfig(values);
    }

    private String knownKeys() {
        return fields.isEmpty() ? "no settings" : String.join(", ", new TreeSet<>(fields.keySet()));
    }

    /** Declares settings in the order they should be documented. */
    public static final class Builder {
        private final Map<String, ConfigField> fields = new LinkedHashMap<>();

        public Builder required(String name, FieldType type, String description) {
            return add(new ConfigField(name, type, true, null, List.of(), description));
        }

        public Builder optional(String name, FieldType type, Object defaultValue, String description) {
            return add(new ConfigField(name, type, false, defaultValue, List.of(), description));
        }

        public Builder oneOf(String name, List<String> allowed, String defaultValue, String description) {
            return add(new ConfigField(name, FieldType.ENUM, defaultValue == null, defaultValue, allowed, description));
        }

        public Builder add(ConfigField field) {
            if (ENGINE_KEYS.contains(field.name())) {
                throw new IllegalArgumentException("'" + field.name() + "' is an engine setting, not a connector one");
            }
            if (fields.putIfAbsent(field.name(), field) != null) {
                throw new IllegalArgumentException("setting '" + field.name() + "' declared twice");
            }
            if (field.defaultValue() != null) field.type().parse(field.defaultValue());
            return this;
        }

        public ConfigSchema build() {
            return new ConfigSchema(Collections.unmodifiableMap(new LinkedHashMap<>(fields)));
        }
    }
}
