package io.ductus.sdk;

import io.ductus.sdk.config.ConfigSchema;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/** A connector type's name, what it is for, and the settings each of its roles takes. */
public final class ConnectorType {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9-]{0,39}");

    private final String name;
    private final String description;
    private final ConfigSchema sourceSchema;
    private final ConfigSchema destinationSchema;

    private ConnectorType(String name, String description, ConfigSchema sourceSchema, ConfigSchema destinationSchema) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("connector type name must match " + NAME + ", got '" + name + "'");
        }
        if (sourceSchema == null && destinationSchema == null) {
            throw new IllegalArgumentException("connector type '" + name + "' has neither a source nor a destination role");
        }
        this.name = name;
        this.description = Objects.requireNonNullElse(description, "");
        this.sourceSchema = sourceSchema;
        this.destinationSchema = destinationSchema;
    }

    /** A type with only the source role. */
    public static ConnectorType source(String name, String description, ConfigSchema settings) {
        return new ConnectorType(name, description, Objects.requireNonNull(settings, "settings"), null);
    }

    /** A type with only the destination role. */
    public static ConnectorType destination(String name, String description, ConfigSchema settings) {
        return new ConnectorType(name, description, null, Objects.requireNonNull(settings, "settings"));
    }

    /** A type with both roles (for example MLLP: listener and client). */
    public static ConnectorType sourceAndDestination(String name, String description, ConfigSchema sourceSettings,
                                                     ConfigSchema destinationSettings) {
        return new ConnectorType(name, description, Objects.requireNonNull(sourceSettings, "sourceSettings"),
                Objects.requireNonNull(destinationSettings, "destinationSettings"));
    }

    /** The name used in interface.yaml ({@code type: mllp}): lower case letters, digits and dashes. */
    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public Set<Role> roles() {
        Set<Role> roles = EnumSet.noneOf(Role.class);
        if (sourceSchema != null) roles.add(Role.SOURCE);
        if (destinationSchema != null) roles.add(Role.DESTINATION);
        return roles;
    }

    public boolean has(Role role) {
        return schema(role) != null;
    }

    /** The settings of the source role, or null when the type is not a source. */
    public ConfigSchema sourceSchema() {
        return sourceSchema;
    }

    /** The settings of the destination role, or null when the type is not a destination. */
    public ConfigSchema destinationSchema() {
        return destinationSchema;
    }

    /** The settings of a role, or null when the type does not have it. */
    public ConfigSchema schema(Role role) {
        return role == Role.SOURCE ? sourceSchema : destinationSchema;
    }

    @Override
    public String toString() {
        return name + roles();
    }
}
