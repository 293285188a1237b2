package io.ductus.store.postgres;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.ductus.connector.listener.tls.ClientTls;
import io.ductus.core.config.DatabaseSetting;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.Dialect;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.Migrations;
import io.ductus.store.jdbc.SessionConnections;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.postgresql.ds.PGSimpleDataSource;

/** Opens a PostgreSQL store: the connection pools (the engine's, the API's callers') and the migrations (common and PostgreSQL-only). */
public final class PostgresStores {

    static final int CONNECT_TIMEOUT_S = 10;
    /** Connections of the API's callers (browsing, searching, accounts), apart from the engine's pool. */
    static final int CALLER_POOL_SIZE = 4;

    private PostgresStores() {
    }

    /** Opens the database a {@code postgres://user:pass@host:port/db} URL names and migrates it. */
    public static JdbcStore open(String url) {
        DatabaseSetting setting = DatabaseSetting.parse(url);
        PostgresUrl parts = PostgresUrl.parse(setting.location());
        HikariDataSource pool = null;
        HikariDataSource callers = null;
        try {
            pool = pool(dataSource(parts), "ductus-postgres", parts.poolSize());
            io.ductus.store.jdbc.StoreActivation.step("connection pool made");
            Migrations.migrate(pool, Dialect.POSTGRES);
            io.ductus.store.jdbc.StoreActivation.step("migrated");
            callers = pool(dataSource(parts), "ductus-postgres-callers", Math.min(CALLER_POOL_SIZE, parts.poolSize()));
            PGSimpleDataSource sessions = dataSource(parts);
            sessions.setApplicationName("ductus engine lock");
            sessions.setTcpKeepAlive(true); // a vanished host's lock session goes (the server probes too: see the run)
            return new JdbcStore(Dialect.POSTGRES, new PostgresTransactions(pool, callers), setting.display(), sessionsOf(sessions));
        } catch (RuntimeException e) {
            if (callers != null) callers.close();
            if (pool != null) pool.close();
            if (e instanceof StoreException se) throw se;
            throw new StoreException("cannot open " + setting.display() + ": " + ClientTls.refusal(e, "the driver")
                    .map(why -> "TLS to the database refused: " + why).orElse(e.getMessage()), e);
        }
    }

    /** Sessions of an engine run: its lock's, and the one it hears queue notices on (the driver's LISTEN notifications). */
    private static SessionConnections sessionsOf(PGSimpleDataSource sessions) {
        return new SessionConnections() {
            @Override
            public Connection open() throws SQLException {
                return sessions.getConnection();
            }

            @Override
            public List<Notice> notifications(Connection session, int timeoutMillis) throws SQLException {
                PGNotification[] heard = session.unwrap(PGConnection.class).getNotifications(timeoutMillis);
                if (heard == null || heard.length == 0) return List.of();
                List<Notice> notices = new ArrayList<>(heard.length);
                for (PGNotification n : heard) notices.add(new Notice(n.getParameter(), n.getPID()));
                return notices;
            }
        };
    }

    static PGSimpleDataSource dataSource(PostgresUrl url) {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setServerNames(new String[]{url.host()});
        ds.setPortNumbers(new int[]{url.port()});
        ds.setDatabaseName(url.database());
        if (url.user() != null) ds.setUser(url.user());
        if (url.password() != null) ds.setPassword(url.password());
        ds.setApplicationName("ductus");
        ds.setConnectTimeout(CONNECT_TIMEOUT_S);
        ds.setLoginTimeout(CONNECT_TIMEOUT_S);
        ds.setReWriteBatchedInserts(true);
        for (Map.Entry<String, String> p : url.properties().entrySet()) {
            try {
                ds.setProperty(p.getKey(), p.getValue());
            } catch (SQLException e) {
                throw new StoreException("unknown connection parameter '" + p.getKey() + "': " + e.getMessage(), e);
            }
        }
        return ds;
    }

    /** The pool fails at once (not after a wait) when the first connection cannot be made. */
    private static HikariDataSource pool(PGSimpleDataSource source, String name, int size) {
        HikariConfig config = new HikariConfig();
        config.setDataSource(source);
        config.setPoolName(name);
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(Math.min(2, size));
        config.setAutoCommit(false);
        config.setConnectionTimeout(CONNECT_TIMEOUT_S * 1000L);
        config.setInitializationFailTimeout(1);
        return new HikariDataSource(config);
    }
}
