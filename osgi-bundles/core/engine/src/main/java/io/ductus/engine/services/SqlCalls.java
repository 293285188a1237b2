package io.ductus.engine.services;

import io.ductus.core.sql.SqlParameters;
import io.ductus.script.ScriptServices.ServiceException;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * One db() call: parameters always bound, never spliced into the text; rows as plain values; at most
 * {@value #MAX_ROWS} rows, so a query without a WHERE cannot fill the engine's memory.
 */
final class SqlCalls {

    static final int MAX_ROWS = 10_000;

    private SqlCalls() {
    }

    static List<Map<String, Object>> query(DataSource pool, String database, String sql, List<Object> parameters, Duration timeout) {
        List<Map<String, Object>> rows = read(pool, database, SqlParameters.bind(sql, parameters), MAX_ROWS + 1, timeout);
        if (rows.size() > MAX_ROWS) {
            throw new ServiceException("more than " + MAX_ROWS + " rows: narrow the query (WHERE or LIMIT)", false);
        }
        return rows;
    }

    /** The first {@code limit} rows of a query, each as plain values by column label. */
    static List<Map<String, Object>> read(DataSource pool, String database, SqlParameters bound, int limit, Duration timeout) {
        try (Connection connection = pool.getConnection();
             PreparedStatement statement = prepared(connection, bound, timeout)) {
            statement.setMaxRows(limit);
            try (ResultSet rs = statement.executeQuery()) {
                ResultSetMetaData columns = rs.getMetaData();
                List<Map<String, Object>> rows = new ArrayList<>();
                while (rows.size() < limit && rs.next()) {
                    Map<String, Object> row = new LinkedHashMap<>();
                    for (int c = 1; c <= columns.getColumnCount(); c++) row.put(columns.getColumnLabel(c), plain(rs.getObject(c)));
                    rows.add(row);
                }
                return rows;
            }
        } catch (SQLException e) {
            throw failure(database, e);
        }
    }

    static long execute(DataSource pool, String database, String sql, List<Object> parameters, Duration timeout) {
        SqlParameters bound = SqlParameters.bind(sql, parameters);
        try (Connection connection = pool.getConnection();
             PreparedStatement statement = prepared(connection, bound, timeout)) {
            return statement.executeLargeUpdate();
        } catch (SQLException e) {
            throw failure(database, e);
        }
    }

    /**
     * Runs statements in one transaction, all or none (a database writer's rows); returns the rows they
     * changed. Statements with the same text share one prepared statement.
     */
    static long executeAll(DataSource pool, String database, List<SqlParameters> statements, Duration timeout) {
        return executeAll(pool, database, statements, timeout, () -> { });
    }

    /** @param beforeCommit run right before the commit; when it throws, the transaction is rolled back and it is rethrown */
    static long executeAll(DataSource pool, String database, List<SqlParameters> statements, Duration timeout,
                           Runnable beforeCommit) {
        try (Connection connection = pool.getConnection()) {
            connection.setAutoCommit(false); // the pool sets it back when the connection returns
            try {
                long changed = 0;
                String preparedSql = null;
                PreparedStatement statement = null;
                try {
                    for (SqlParameters bound : statements) {
                        if (!bound.sql().equals(preparedSql)) {
                            if (statement != null) statement.close();
                            statement = connection.prepareStatement(bound.sql());
                            statement.setQueryTimeout(seconds(timeout));
                            preparedSql = bound.sql();
                        }
                        for (int i = 0; i < bound.values().size(); i++) statement.setObject(i + 1, bound.values().get(i));
                        changed += Math.max(0, statement.executeLargeUpdate());
                    }
                } finally {
                    if (statement != null) statement.close();
                }
                beforeCommit.run();
                connection.commit();
                return changed;
            } catch (SQLException | RuntimeException e) {
                rollbackQuietly(connection);
                throw e;
            }
        } catch (SQLException e) {
            throw failure(database, e);
        }
    }

    private static void rollbackQuietly(Connection connection) {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the connection is broken; the pool drops it, and the first error is the one reported
        }
    }

    private static int seconds(Duration timeout) {
        return (int) Math.max(1, (timeout.toMillis() + 999) / 1000);
    }

    private static PreparedStatement prepared(Connection connection, SqlParameters bound, Duration timeout) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(bound.sql());
        statement.setQueryTimeout(seconds(timeout));
        for (int i = 0; i < bound.values().size(); i++) statement.setObject(i + 1, bound.values().get(i));
        return statement;
    }

    /** What JavaScript can hold as it is: text, numbers, booleans and null; times as ISO 8601, bytes as \x hex. */
    static Object plain(Object value) {
        return switch (value) {
            case null -> null;
            case String s -> s;
            case Boolean b -> b;
            case Integer i -> i.longValue();
            case Long l -> l;
            case Short s -> s.longValue();
            case Byte b -> b.longValue();
            case Double d -> d;
            case Float f -> f.doubleValue();
            case BigDecimal d -> d.compareTo(BigDecimal.valueOf(d.doubleValue())) == 0 ? (Object) d.doubleValue() : d.toPlainString();
            case java.math.BigInteger i -> i.bitLength() < 64 ? (Object) i.longValue() : i.toString();
            case java.sql.Timestamp t -> t.toLocalDateTime().toString();
            case java.sql.Date d -> d.toLocalDate().toString();
            case java.sql.Time t -> t.toLocalTime().toString();
            case java.time.temporal.TemporalAccessor t -> t.toString();
            case byte[] bytes -> "\\x" + HexFormat.of().formatHex(bytes);
            default -> value.toString();
        };
    }

    /**
     * Temporary (the message waits and is retried): connections, pool timeouts, deadlocks and
     * serialization failures, a statement past its timeout or a lock not granted in time, a database
     * shutting down or out of resources, failed logins and missing databases (fixed by fixing the setup;
     * quarantining every message would be worse), SQLite busy. Everything else (a wrong query, a
     * constraint) is the message's or the code's problem: quarantined.
     */
    static ServiceException failure(String database, SQLException e) {
        java.util.Optional<String> tls = io.ductus.connector.listener.tls.ClientTls.refusal(e, "the driver");
        if (tls.isPresent()) {
            // A refused TLS connection: the server's certificate or ours; fixed by fixing the setup, so the message waits.
            return new ServiceException("TLS to database '" + database + "' refused: " + tls.get(), true);
        }
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        boolean temporary = e instanceof SQLTransientException || e instanceof SQLRecoverableException
                || state.startsWith("08") || state.startsWith("40") || state.startsWith("53") || state.startsWith("57P")
                || state.startsWith("28") || state.equals("3D000") || state.equals("57014") || state.equals("55P03")
                || (e.getMessage() != null && (e.getMessage().contains("SQLITE_BUSY") || e.getMessage().contains("SQLITE_LOCKED")));
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return new ServiceException(message + (state.isEmpty() ? "" : " (SQLSTATE " + state + ")"), temporary);
    }
}
