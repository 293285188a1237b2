package io.ductus.engine.services;

import io.ductus.connector.listener.tls.Certificates;
import io.ductus.core.project.DatabaseResource;
import io.ductus.core.project.SecretReferences;
import io.ductus.project.SecretsFile;
import io.ductus.script.ScriptServices;
import io.ductus.sdk.ConnectorFactory;
import io.ductus.script.ScriptServices.ServiceException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The services of one engine's interface code: resources.yaml databases, HTTP, declared variables and
 * the project's secrets. Each interface gets a view bound to its timeout ({@link #forInterface}).
 */
public final class EngineServices implements AutoCloseable {

    private final DatabaseConnections databases;
    private final ConnectorFactory databaseType;
    private final Certificates certificates;
    private final HttpFetcher http;
    private final Map<String, String> variables;
    private final Function<String, String> environment;
    private final Supplier<Map<String, String>> secrets;

    /**
     * @param variables   ductus.yaml variables: with their defaults
     * @param environment the engine process's environment (System::getenv), which overrides a declared variable
     * @param secrets     opens the secrets file when the first secret is asked for
     */
    public EngineServices(Map<String, DatabaseResource> databases, Path projectFolder, Map<String, String> variables,
                          Function<String, String> environment, Supplier<SecretsFile> secrets) {
        this(databases, projectFolder, variables, environment, secrets, new Certificates());
    }

    /** @param certificates resources.yaml's certificates as the engine installed them: what {@code fetch()} names */
    public EngineServices(Map<String, DatabaseResource> databases, Path projectFolder, Map<String, String> variables,
                          Function<String, String> environment, Supplier<SecretsFile> secrets, Certificates certificates) {
        this.certificates = certificates;
        this.http = new HttpFetcher(certificates);
        this.variables = Map.copyOf(variables);
        this.environment = environment;
        this.secrets = new Once<>(() -> secrets.get().readAll());
        this.databases = new DatabaseConnections(databases, projectFolder, this::secret, certificates);
        this.databaseType = new DatabaseFactory(this.databases);
    }

    /** The services of a project as the engine gives them: its databases, variables and secrets file. */
    public static EngineServices of(io.ductus.core.project.Project project, Path projectFolder, Path dataDirectory) {
        return of(project, projectFolder, dataDirectory, new Certificates());
    }

    /** The same, with the certificates the engine installed (the ones {@code fetch()} and the alerts' channels name). */
    public static EngineServices of(io.ductus.core.project.Project project, Path projectFolder, Path dataDirectory,
                                    Certificates certificates) {
        String environment = SecretsFile.environment(System::getenv);
        return new EngineServices(project.resources().databases(), projectFolder, project.settings().variables(), System::getenv,
                () -> SecretsFile.open(SecretsFile.path(projectFolder, environment),
                        SecretsFile.keyFrom(System::getenv), dataDirectory), certificates);
    }

    /** resources.yaml's certificates as the engine installed them. */
    public Certificates certificates() {
        return certificates;
    }

    /** The engine's {@code database} destination type, writing through these pools. */
    public ConnectorFactory databaseType() {
        return databaseType;
    }

    /** The services as one interface's code sees them: database calls bounded by its timeout. */
    public ScriptServices forInterface(Duration timeout) {
        return new ScriptServices() {
            @Override
            public List<Map<String, Object>> query(String database, String sql, List<Object> parameters) {
                return SqlCalls.query(databases.pool(database), database, sql, parameters, timeout);
            }

            @Override
            public long execute(String database, String sql, List<Object> parameters) {
                return SqlCalls.execute(databases.pool(database), database, sql, parameters, timeout);
            }

            @Override
            public FetchResponse fetch(FetchRequest request) {
                return http.fetch(request);
            }

            @Override
            public String variable(String name) {
                return EngineServices.this.variable(name);
            }

            @Override
            public String secret(String name) {
                return EngineServices.this.secret(name);
            }
        };
    }

    /**
     * A connector's settings with every {@code ${secret:NAME}} replaced by its value, as the connector
     * starts; IllegalArgumentException naming the setting when a secret cannot be read.
     */
    public Map<String, Object> withSecrets(Map<String, Object> settings) {
        return SecretReferences.resolve(settings, this::secret);
    }

    private String variable(String name) {
        if (!variables.containsKey(name)) {
            throw new ServiceException(name + " is not declared in ductus.yaml variables:"
                    + (variables.isEmpty() ? " (there are none)" : " (declared: " + String.join(", ", variables.keySet()) + ")"), false);
        }
        String set = environment.apply(name);
        return set != null ? set : variables.get(name);
    }

    private String secret(String name) {
        Map<String, String> all;
        try {
            all = secrets.get();
        } catch (IllegalStateException e) {
            throw new ServiceException(e.getMessage(), false);
        }
        String value = all.get(name);
        if (value == null) throw new ServiceException("no secret " + name + " (ductus secret set " + name + " adds it)", false);
        return value;
    }

    @Override
    public void close() {
        http.close();
        databases.close();
    }

    /** Computes once on first use, and again after a failure (a key added later is then found). */
    private static final class Once<T> implements Supplier<T> {
        private final Supplier<T> compute;
        private T value;

        Once(Supplier<T> compute) {
            this.compute = compute;
        }

        @Override
        public synchronized T get() {
            if (value == null) value = compute.get();
            return value;
        }
    }
}
