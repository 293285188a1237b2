package io.ductus.engine.services;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.ductus.core.project.DatabaseResource;
import io.ductus.core.project.SecretRef;
import io.ductus.script.ScriptServices.ServiceException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * The pools of the project's resources.yaml databases: one shared pool per database, opened on its first
 * use (a database nobody calls is never connected to) and closed with the engine. PostgreSQL and SQLite
 * drivers ship with the engine; their data sources are made directly, so no driver lookup through the
 * class loader is needed inside OSGi.
 */
final class DatabaseConnections implements AutoCloseable {

    private final Map<String, DatabaseResource> databases;
    private final Path projectFolder;
    private final Function<String, String> secrets;
    private final Map<String, HikariDataSource> pools = new ConcurrentHashMap<>();

    private final io.ductus.connector.listener.tls.Certificates certificates;

    /** @param certificates what a PostgreSQL URL's {@code tls_ca=NAME} names */
    DatabaseConnections(Map<String, DatabaseResource> databases, Path projectFolder, Function<String, String> secrets,
                        io.ductus.connector.listener.tls.Certificates certificates) {
        this.certificates = certificates;
        this.databases = databases;
        this.projectFolder = projectFolder;
        this.secrets = secrets;
    }

    /** The names of resources.yaml's databases, in file order. */
    java.util.Set<String> names() {
        return databases.keySet();
    }

    /** @throws ServiceException when the name is not in resources.yaml (not temporary: the code or the project is wrong) */
    DataSource pool(String name) {
        DatabaseResource resource = databases.get(name);
        if (resource == null) {
            throw new ServiceException("no database '" + name + "' in resources.yaml"
                    + (databases.isEmpty() ? " (it has none)" : " (it has " + String.join(", ", databases.keySet()) + ")"), false);
        }
        return pools.computeIfAbsent(name, n -> open(resource));
    }

    private HikariDataSource open(DatabaseResource resource) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("db-" + resource.name());
        config.setMaximumPoolSize(resource.maxConnections());
        config.setMinimumIdle(0);
        config.setConnectionTimeout(5_000);
        config.setInitializationFailTimeout(-1); // a database that is down now is retried by the messages, not fatal here
        config.setDataSource(dataSource(resource));
        resource.user().map(this::resolved).ifPresent(config::setUsername);
        resource.password().map(SecretRef::name).map(secrets).ifPresent(config::setPassword);
        return new HikariDataSource(config);
    }

    private String resolved(String text) {
        return SecretRef.parse(text).map(ref -> secrets.apply(ref.name())).orElse(text);
    }

    private DataSource dataSource(DatabaseResource resource) {
        String url = resource.url();
        Optional<String> postgres = prefixed(url, "jdbc:postgresql://", "postgresql://", "postgres://");
        if (postgres.isPresent()) {
            org.postgresql.ds.PGSimpleDataSource ds = new org.postgresql.ds.PGSimpleDataSource();
            String withCa;
            try {
                withCa = io.ductus.core.config.DatabaseTls.resolve(postgres.get(), name -> certificates.pemFile(name, "tls_ca").toString());
            } catch (IllegalArgumentException e) {
                throw new ServiceException("database '" + resource.name() + "': " + e.getMessage(), false);
            }
            ds.setURL("jdbc:postgresql://" + withCa);
            return ds;
        }
        Optional<String> sqlite = prefixed(url, "jdbc:sqlite:", "sqlite:");
        if (sqlite.isPresent()) {
            org.sqlite.SQLiteDataSource ds = new org.sqlite.SQLiteDataSource();
            Path file = projectFolder.resolve(sqlite.get());
            ds.setUrl("jdbc:sqlite:" + file);
            ds.setBusyTimeout(5_000);
            return ds;
        }
        throw new ServiceException("database '" + resource.name() + "': " + url
                + " is not a database this engine connects to (postgresql://host:port/db or sqlite:path)", false);
    }

    private static Optional<String> prefixed(String url, String... prefixes) {
        for (String prefix : prefixes) {
            if (url.regionMatches(true, 0, prefix, 0, prefix.length())) return Optional.of(url.substring(prefix.length()));
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        pools.values().forEach(HikariDataSource::close);
        pools.clear();
    }
}
