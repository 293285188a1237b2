package io.ductus.store.sqlite;

import com.zaxxer.hikari.HikariDataSource;
import io.ductus.store.Durability;
import io.ductus.store.StoreException;
import io.ductus.store.jdbc.SqlWork;
import io.ductus.store.jdbc.Transactions;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * SQLite: writes go through the one {@link GroupCommitWriter}; reads use a small pool of their own
 * connections; the {@link Checkpointer} copies the WAL back into the database file in the background. In WAL mode readers never block the writer, and each read transaction sees the database
 * as of one commit, so never half of a batch.
 */
final class SqliteTransactions implements Transactions {

    private final GroupCommitWriter writer;
    private final HikariDataSource readers;
    private final Checkpointer checkpointer;

    SqliteTransactions(GroupCommitWriter writer, HikariDataSource readers, Checkpointer checkpointer) {
        this.writer = writer;
        this.readers = readers;
        this.checkpointer = checkpointer;
    }

    @Override
    public <T> T write(Durability durability, SqlWork<T> work) {
        return writer.write(durability, work);
    }

    @Override
    public <T> T read(SqlWork<T> work) {
        try (Connection c = readers.getConnection()) {
            try {
                return work.run(c);
            } finally {
                c.rollback(); // ends the read transaction, so the WAL can be checkpointed past it
            }
        } catch (SQLException e) {
            throw new StoreException("read failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        checkpointer.stop();
        writer.close();
        readers.close();
        checkpointer.close();
    }
}
