package io.ductus.store.contract;

import io.ductus.store.jdbc.Dialect;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.postgres.PostgresStores;
import io.ductus.store.sqlite.SqliteStores;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** The two databases the contract suite runs on, and how a test opens one and talks to it directly. */
enum Database {
    SQLITE, POSTGRES;

    /** A fresh location: a new SQLite file in {@code folder}, or a new PostgreSQL database. */
    String newLocation(Path folder, String name) {
        return this == SQLITE ? "sqlite:" + folder.resolve(name + ".db") : PostgresServer.newDatabase(name);
    }

    JdbcStore open(String location) {
        return this == SQLITE ? SqliteStores.open(Path.of(location.substring("sqlite:".length())))
                : PostgresStores.open(location);
    }

    /** A plain connection beside the store's, for setting up odd states and reading plans. */
    Connection connect(String location) throws SQLException {
        if (this == SQLITE) return DriverManager.getConnection("jdbc:" + location);
        java.net.URI uri = java.net.URI.create(location);
        Properties p = new Properties();
        p.setProperty("user", "postgres");
        p.setProperty("password", "postgres");
        return DriverManager.getConnection("jdbc:postgresql://" + uri.getHost() + ":" + uri.getPort() + uri.getPath(), p);
    }

    /** The SQL differences the store uses for this database. */
    Dialect dialect() {
        return this == SQLITE ? Dialect.SQLITE : Dialect.POSTGRES;
    }

    /** The database's own words for "how would you run this". */
    String explain(String sql) {
        return (this == SQLITE ? "EXPLAIN QUERY PLAN " : "EXPLAIN ") + sql;
    }
}
