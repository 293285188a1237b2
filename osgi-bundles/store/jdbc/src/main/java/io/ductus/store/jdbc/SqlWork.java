package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/** Work done on a connection inside a transaction that someone else begins and ends. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
}
