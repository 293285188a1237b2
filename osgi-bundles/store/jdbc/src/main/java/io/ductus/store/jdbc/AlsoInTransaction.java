package io.ductus.store.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * More work for an action's transaction, run after the action with what it changed: the audit row that
 * describes the change, so that both commit or neither does. It may throw to roll the whole action back
 * (for example when there was nothing to do and nothing should be logged).
 *
 * @param <R> what the action returns
 */
@FunctionalInterface
public interface AlsoInTransaction<R> {

    /** Does nothing: the action alone. */
    static <R> AlsoInTransaction<R> nothing() {
        return (connection, changed) -> {
        };
    }

    void run(Connection connection, R changed) throws SQLException;
}
