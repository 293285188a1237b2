package io.ductus.bench;

import io.ductus.store.sqlite.SqliteStores;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * SQLite's own ceiling for one-writer strict commits on this disk: one row per transaction into a one-table
 * database, opened with the store's own writer settings ({@link SqliteStores#dataSource}: WAL,
 * synchronous=FULL, no mutex), through the same driver. Whatever the store does on top (indexes,
 * deliveries, group commit), its one-writer rate cannot pass this.
 */
final class BareSqliteCommits implements AutoCloseable {

    private final Connection connection;
    private final PreparedStatement insert;
    private final byte[] row;

    BareSqliteCommits(Path file, byte[] row) throws SQLException {
        this.connection = SqliteStores.dataSource(file, true).getConnection(); // the store's writer settings
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA wal_autocheckpoint = 0"); // as the store: no checkpoint inside a commit
            s.execute("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)");
        }
        this.insert = connection.prepareStatement("INSERT INTO rows (payload) VALUES (?)");
        this.row = row;
    }

    /** Commits one row at a time for {@code millis}; the WAL starts over first, as the store's does in steady state. */
    long commits(long millis) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("PRAGMA wal_checkpoint(RESTART)");
        }
        long commits = 0;
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            insert.setBytes(1, row);
            insert.executeUpdate(); // autocommit: one transaction, one WAL sync
            commits++;
        }
        return commits;
    }

    @Override
    public void close() throws SQLException {
        insert.close();
        connection.close();
    }
}
