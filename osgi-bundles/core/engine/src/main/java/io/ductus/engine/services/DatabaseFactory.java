package io.ductus.engine.services;

import io.ductus.core.project.BuiltInTypes;
import io.ductus.core.sql.SqlParameters;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.ConnectorType;
import io.ductus.sdk.Destination;
import io.ductus.sdk.Role;
import io.ductus.sdk.Source;
import io.ductus.sdk.config.ConfigProblem;
import io.ductus.sdk.config.ConnectorConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The engine's {@code database} type: a reader (source) and a writer (destination). It is the engine's own,
 * not a connector bundle's, because it works through the engine's pools of resources.yaml databases (one
 * pool per database, shared with db() in interface code) and their one classification of failures; a
 * bundle would need the pools handed out through the plugin SDK.
 */
final class DatabaseFactory implements ConnectorFactory {

    private final DatabaseConnections databases;

    DatabaseFactory(DatabaseConnections databases) {
        this.databases = databases;
    }

    @Override
    public ConnectorType type() {
        return BuiltInTypes.DATABASE;
    }

    @Override
    public List<ConfigProblem> check(Role role, ConnectorConfig config) {
        List<ConfigProblem> problems = new ArrayList<>();
        String database = config.string(BuiltInTypes.DATABASE_KEY);
        if (!databases.names().contains(database)) {
            problems.add(new ConfigProblem(BuiltInTypes.DATABASE_KEY, "no database '" + database + "' in resources.yaml"
                    + (databases.names().isEmpty() ? " (it has none)" : " (it has " + String.join(", ", databases.names()) + ")")));
        }
        if (role == Role.SOURCE) {
            List<String> names = SqlParameters.namesIn(config.string("query"));
            if (!names.equals(List.of(DatabaseReader.CURSOR_PARAMETER))) {
                problems.add(new ConfigProblem("query", "the query takes one parameter, :" + DatabaseReader.CURSOR_PARAMETER
                        + " (the last row's cursor value), not " + (names.isEmpty() ? "none" : ":" + String.join(", :", names))));
            }
            return problems;
        }
        String statement = config.string("statement");
        List<String> names = SqlParameters.namesIn(statement);
        if (!names.isEmpty()) {
            Map<String, Object> any = new HashMap<>();
            names.forEach(n -> any.put(n, null));
            try {
                SqlParameters.bindNamed(statement, any);
            } catch (IllegalArgumentException e) {
                problems.add(new ConfigProblem("statement", e.getMessage()));
            }
        }
        return problems;
    }

    @Override
    public Source createSource(ConnectorConfig config, ConnectorContext context) {
        return new DatabaseReader(databases, config.string(BuiltInTypes.DATABASE_KEY), config.string("query"),
                config.string("cursor"), config.string("start"), config.duration("every"), config.duration("timeout"), context);
    }

    @Override
    public Destination createDestination(ConnectorConfig config, ConnectorContext context) {
        return new DatabaseWriter(databases, config.string(BuiltInTypes.DATABASE_KEY), config.string("statement"),
                config.duration("timeout"), context.log());
    }
}
