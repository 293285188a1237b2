package io.ductus.sdk.config;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** A connector's validated settings, typed by its {@link ConfigSchema}, with defaults filled in. */
public final class ConnectorConfig {

    private final Map<String, Object> values;

    ConnectorConfig(Map<String, Object> values) {
        this.values = Map.copyOf(values);
    }

    /** Settings for tests of a connector, parsed by the given schema exactly as the engine would. */
    public static ConnectorConfig of(ConfigSchema schema, Map<String, ?> raw) {
        return schema.parse(raw);
    }

    public String string(String name) {
        return get(name, String.class);
    }

    public long integer(String name) {
        return get(name, Long.class);
    }

    public boolean bool(String name) {
        return get(name, Boolean.class);
    }

    public Duration duration(String name) {
        return get(name, Duration.class);
    }

    public HostPort hostPort(String name) {
        return get(name, HostPort.class);
    }

    /** An optional setting without a default: empty when it was not given. */
    public Optional<String> optionalString(String name) {
        return Optional.ofNullable((String) values.get(name));
    }

    public boolean has(String name) {
        return values.containsKey(name);
    }

    private <T> T get(String name, Class<T> type) {
        Object value = values.get(name);
        if (value == null) {
            throw new IllegalStateException("setting '" + name + "' has no value and no default; declare a default or use has()");
        }
        if (!type.isInstance(value)) {
            throw new IllegalStateException("setting '" + name + "' is " + value.getClass().getSimpleName() + ", not " + type.getSimpleName());
        }
        return type.cast(value);
    }

    /** The settings' names only: their values may hold secrets, and a toString ends up in logs. */
    @Override
    public String toString() {
        return "settings " + new java.util.TreeSet<>(values.keySet());
    }
}
