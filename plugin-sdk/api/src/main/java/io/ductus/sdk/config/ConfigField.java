package io.ductus.sdk.config;

import java.util.List;
import java.util.Objects;

/**
 * One setting of a connector role.
 *
 * @param name         the key in interface.yaml
 * @param type         what kind of value it holds
 * @param required     whether it must be given
 * @param defaultValue the value when not given (raw, as YAML would write it), or null
 * @param allowed      for {@link FieldType#ENUM}, the allowed values; empty otherwise
 * @param description  one sentence for documentation, editors and error messages
 */
public record ConfigField(String name, FieldType type, boolean required, Object defaultValue,
                          List<String> allowed, String description) {

    public ConfigField {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        allowed = List.copyOf(allowed);
        description = Objects.requireNonNullElse(description, "");
        if (type == FieldType.ENUM && allowed.isEmpty()) {
            throw new IllegalArgumentException("enum setting '" + name + "' lists no allowed values");
        }
        if (required && defaultValue != null) {
            throw new IllegalArgumentException("setting '" + name + "' is required and has a default: pick one");
        }
    }
}
