package io.ductus.core.project;

/**
 * A single YAML value.
 *
 * @param value String, Long, Double, Boolean, or null for {@code ~}, {@code null} and an empty value
 */
public record ScalarNode(Position position, Object value) implements Node {

    public ScalarNode {
        if (value != null && !(value instanceof String || value instanceof Long || value instanceof Double
                || value instanceof Boolean)) {
            throw new IllegalArgumentException("a scalar is a String, Long, Double, Boolean or null, got " + value.getClass());
        }
    }

    public boolean isNull() {
        return value == null;
    }

    /** The value as text, as it would be written: numbers and booleans too. */
    public String text() {
        return value == null ? "" : value.toString();
    }

    @Override
    public String describe() {
        if (value == null) return "nothing";
        return value instanceof String s ? "'" + s + "'" : value.toString();
    }

    @Override
    public Object plain() {
        return value;
    }
}
