package io.ductus.core.project.shape;

import java.util.Objects;

/**
 * One key of a section.
 *
 * @param key          the key as written in YAML
 * @param shape        what its value looks like
 * @param required     whether the key must be written
 * @param defaultValue the value when the key is absent (String, Long or Boolean), or null
 * @param defaultNote  the default in words when it is not a plain value ("the interface's format"), or empty
 * @param description  what the key means, one or two sentences
 * @param example      a value as it would be written in YAML, or empty
 */
public record Setting(String key, Shape shape, boolean required, Object defaultValue, String defaultNote,
                      String description, String example) {

    public Setting {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(shape, "shape");
        defaultNote = Objects.requireNonNullElse(defaultNote, "");
        description = Objects.requireNonNullElse(description, "");
        example = Objects.requireNonNullElse(example, "");
        if (required && (defaultValue != null || !defaultNote.isEmpty())) {
            throw new IllegalArgumentException("'" + key + "' is required and has a default: pick one");
        }
    }

    public static Setting required(String key, Shape shape, String description, String example) {
        return new Setting(key, shape, true, null, "", description, example);
    }

    public static Setting optional(String key, Shape shape, Object defaultValue, String description, String example) {
        return new Setting(key, shape, false, defaultValue, "", description, example);
    }

    /** An optional key whose default depends on something else, said in words. */
    public static Setting optionalWithNote(String key, Shape shape, String defaultNote, String description, String example) {
        return new Setting(key, shape, false, null, defaultNote, description, example);
    }

    /** The default for documentation: the value, the note, or empty when there is none. */
    public String defaultText() {
        if (defaultValue != null) return defaultValue.toString();
        return defaultNote;
    }
}
