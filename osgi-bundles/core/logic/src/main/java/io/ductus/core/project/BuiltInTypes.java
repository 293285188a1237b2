package io.ductus.core.project;

import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.config.ConfigSchema;
import io.ductus.sdk.config.FieldType;

/**
 * The connector types the engine itself provides, because they need what only the engine has: routes
 * (the store and the target's intake rules) and the database writer (the pools of resources.yaml). They
 * need no plugin, and their names are reserved.
 */
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

    /** The setting of a database destination naming its resources.yaml database. */
    public static final String DATABASE_KEY = "database";

    /** {@code type: database}: runs a statement with parameters bound from the transform's output. */
    public static final ConnectorType DATABASE = ConnectorType.destination("database",
            "Runs one SQL statement per message (per row when the output is an array), with its parameters bound"
                    + " from the transform's JSON output, in one transaction on a resources.yaml database.",
            ConfigSchema.builder()
                    .required(DATABASE_KEY, FieldType.STRING, "the database of resources.yaml to write to")
                    .required("statement", FieldType.STRING, "the SQL statement; parameters as :name (from an object's"
                            + " keys) or $1, $2 / ? (from an array's items)")
                    .optional("timeout", FieldType.DURATION, "30s", "how long the statement may run before it is retried")
                    .build());

    private BuiltInTypes() {
    }
}
