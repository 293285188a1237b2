package io.ductus.sdk.config;

import java.time.Duration;

/** The kinds of value a setting can hold, each with the one parser that turns YAML values into it. */
public enum FieldType {
    STRING("a text"),
    INTEGER("a whole number"),
    BOOLEAN("true or false"),
    /** {@code 250ms}, {@code 5s}, {@code 2m}, {@code 1h}. */
    DURATION(DurationText.EXPECTED),
    /** {@code host:port}, with {@code [::1]:port} for IPv6. */
    HOST_PORT("host:port"),
    /** One of the field's allowed values. */
    ENUM("one of the allowed values");

    private final String expected;

    FieldType(String expected) {
        this.expected = expected;
    }

    /** Words for error messages: "expected a duration such as …". */
    public String expected() {
        return expected;
    }

    /**
     * Turns a raw YAML value (String, Number or Boolean) into this type's Java value: String, Long,
     * Boolean, Duration, HostPort. Throws IllegalArgumentException with a readable reason.
     */
    Object parse(Object raw) {
        return switch (this) {
            case STRING, ENUM -> {
                if (raw instanceof String || raw instanceof Number || raw instanceof Boolean) yield raw.toString();
                throw wrong(raw);
            }
            case INTEGER -> {
                if (raw instanceof Integer || raw instanceof Long || raw instanceof Short) yield ((Number) raw).longValue();
                if (raw instanceof String s && s.strip().matches("-?\\d{1,18}")) yield Long.parseLong(s.strip());
                throw wrong(raw);
            }
            case BOOLEAN -> {
                if (raw instanceof Boolean b) yield b;
                if (raw instanceof String s && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
                    yield Boolean.parseBoolean(s);
                }
                throw wrong(raw);
            }
            case DURATION -> parseDuration(raw);
            case HOST_PORT -> {
                if (raw instanceof String s) yield HostPort.parse(s);
                throw wrong(raw);
            }
        };
    }

    private Duration parseDuration(Object raw) {
        if (!(raw instanceof String s)) throw wrong(raw);
        return DurationText.parse(s);
    }

    private IllegalArgumentException wrong(Object raw) {
        return new IllegalArgumentException("expected " + expected + ", got " + describe(raw));
    }

    static String describe(Object raw) {
        if (raw == null) return "nothing";
        if (raw instanceof String s) return "'" + s + "'";
        if (raw instanceof java.util.Map) return "a mapping";
        if (raw instanceof java.util.List) return "a list";
        return raw.toString();
    }
}
