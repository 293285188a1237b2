package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** Opens a connection outside the pools, for a session an engine run keeps for its whole life (its lock). */
@FunctionalInterface
public interface SessionConnections {
    Connection open() throws SQLException;
}
