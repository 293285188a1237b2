package io.ductus.core.project;

import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.FieldType;

/** The connector types the engine itself provides: routes between interfaces. They need no plugin. */
public final class BuiltInTypes {

    /** {@code source: internal}: no listener; only routes from other interfaces fill it. */
    public static final ConnectorType INTERNAL = ConnectorType.source("internal",
            "Filled only by routes from other interfaces (a destination of type interface).", ConfigSchema.empty());

    /** The setting of a route naming its target interface. */
    public static final String TARGET_KEY = "interface";

    /** {@code type: interface}: stores the output as a new message of another interface. */
    public static final ConnectorType ROUTE = ConnectorType.destination("interface",
            "Stores the transform's output as a new message of another interface, in the same transaction.",
            ConfigSchema.builder().required(TARGET_KEY, FieldType.STRING,
                    "the interface that receives the output; it must have source: internal").build());

    private BuiltInTypes() {
    }
}
