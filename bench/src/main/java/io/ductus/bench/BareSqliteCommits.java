package io.ductus.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

/**
 * SQLite's own ceiling for one-writer strict commits on this disk: one row per transaction into a one-table
 * database, with the store's settings (WAL, synchronous=FULL, no mutex), through the same driver. Whatever
 * the store does on top (indexes, deliveries, group commit), its one-writer rate cannot pass this.
 */
final class BareSqliteCommits implements AutoCloseable {

    private final Connection connection;
    private final PreparedStatement insert;
    private final byte[] row;

    BareSqliteCommits(Path file, byte[] row) throws SQLException {
        Properties settings = new Properties();
        settings.setProperty("journal_mode", "WAL");
        settings.setProperty("synchronous", "FULL");
        settings.setProperty("open_mode", Integer.toString(0x02 | 0x04 | 0x8000)); // read-write, create, no mutex
        this.connection = DriverManager.getConnection("jdbc:sqlite:" + file, settings);
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
