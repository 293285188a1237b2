package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * Opens a connection outside the pools, for a session an engine run keeps for its whole life (its lock, and
 * the connection it hears other engines' queue notices on).
 */
@FunctionalInterface
public interface SessionConnections {
    Connection open() throws SQLException;

    /** A notification heard on a session: its payload and the server process that sent it. */
    record Notice(String payload, int senderPid) {
    }

    /**
     * The notifications (LISTEN) that reached {@code session}, waiting up to {@code timeoutMillis} for one; the
     * driver's own call (PostgreSQL's). Without one, notices are not heard: engines find others' messages at
     * their workers' safety-net poll.
     */
    default List<Notice> notifications(Connection session, int timeoutMillis) throws SQLException {
        throw new UnsupportedOperationException("no notifications on this database");
    }
}
