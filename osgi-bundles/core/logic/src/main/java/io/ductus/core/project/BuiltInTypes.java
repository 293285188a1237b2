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

    /**
     * {@code type: database}: as a destination, runs a statement with parameters bound from the transform's
     * output; as a source, polls a query and stores each new row as a JSON message, its cursor saved with them.
     */
    public static final ConnectorType DATABASE = ConnectorType.sourceAndDestination("database",
            "A resources.yaml database. As a source: polls a query and stores each new row as a JSON message, the last"
                    + " row's cursor column saved in the same transaction. As a destination: runs one SQL statement per"
                    + " message (per row when the output is an array), its parameters bound from the transform's JSON"
                    + " output, in one transaction.",
            ConfigSchema.builder()
                    .required(DATABASE_KEY, FieldType.STRING, "the database of resources.yaml to read")
                    .required("query", FieldType.STRING, "the SELECT, with :cursor where the last row's cursor value goes,"
                            + " ordered by the cursor column (e.g. ... WHERE id > :cursor ORDER BY id)")
                    .required("cursor", FieldType.STRING, "the column whose value in the last row read is saved and bound"
                            + " as :cursor next time; unique and increasing, such as an id")
                    .optional("start", FieldType.STRING, "0", "the :cursor value before the first row was read")
                    .optional("every", FieldType.DURATION, "10s", "how often the query runs while it finds nothing new")
                    .optional("timeout", FieldType.DURATION, "30s", "how long the query may run")
                    .build(),
            ConfigSchema.builder()
                    .required(DATABASE_KEY, FieldType.STRING, "the database of resources.yaml to write to")
                    .required("statement", FieldType.STRING, "the SQL statement; parameters as :name (from an object's"
                            + " keys) or $1, $2 / ? (from an array's items)")
                    .optional("timeout", FieldType.DURATION, "30s", "how long the statement may run before it is retried")
                    .build());

    /**
     * The format a destination of this type takes whatever the interface's format, when the type says one:
     * the database writer binds its parameters from JSON.
     */
    public static java.util.Optional<Format> input(String type) {
        return type.equals(DATABASE.name()) ? java.util.Optional.of(Format.JSON) : java.util.Optional.empty();
    }

    private BuiltInTypes() {
    }
}
