package io.ductus.store.sqlite;

import io.ductus.store.StoreException;
import io.ductus.store.jdbc.Dialect;
import io.ductus.store.jdbc.JdbcStore;
import io.ductus.store.jdbc.Migrations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteDataSource;
import org.sqlite.SQLiteOpenMode;

/** Opens a SQLite store: the file, its migrations, the group-commit writer and the reader pools. */
public final class SqliteStores {

    /** Most callers in one group commit. */
    public static final int MAX_BATCH = 256;
    /** Longest a leader waits for last time's callers to come back before it commits without them. */
    public static final long MAX_WAIT_NANOS = TimeUnit.MICROSECONDS.toNanos(1000);
    static final int READERS = 8;
    /**
     * Read connections of the API's callers: browsing, searching, payloads, the audit log, sign-ins. Their threads
     * run at the lowest priority, so intake and the workers get the CPU first.
     */
    static final int CALLER_READERS = 4;
    /** How often the WAL is copied back into the database file, off the commit path. */
    static final long CHECKPOINT_INTERVAL_MS = 100;
    static final int BUSY_TIMEOUT_MS = 10_000;
    /** What the WAL file is cut back to when it starts over: a burst (a bulk load, a backlog) leaves no gigabytes behind. */
    static final long WAL_SIZE_LIMIT_BYTES = 64L << 20;

    private SqliteStores() {
    }

    /** Opens (creating it and its folder if needed) and migrates the database file. */
    public static JdbcStore open(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        return new JdbcStore(Dialect.SQLITE, transactions(absolute), "sqlite:" + absolute);
    }

    /**
     * Opens the file for an engine run: first takes the file's engine lock (a second engine on the file is refused,
     * naming the process that holds it), held until the store closes.
     */
    public static JdbcStore openForEngine(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        EngineFileLock lock = EngineFileLock.take(absolute);
        try {
            JdbcStore store = open(absolute);
            store.closing(lock);
            return store;
        } catch (RuntimeException e) {
            try {
                lock.close();
            } catch (IOException ignored) {
                // the open's error is the one reported
            }
            throw e;
        }
    }

    /** The writer, the read pools and the checkpointer of a database file, migrated. */
    static SqliteTransactions transactions(Path absolute) {
        try {
            if (absolute.getParent() != null) Files.createDirectories(absolute.getParent());
        } catch (IOException e) {
            throw new StoreException("cannot create the folder of " + absolute + ": " + e.getMessage(), e);
        }
        SQLiteDataSource writerSource = dataSource(absolute, true);
        ReadPool readers = null;
        ReadPool callerReaders = null;
        Connection writerConnection = null;
        Checkpointer checkpointer = null;
        try {
            freePagesGoBack(writerSource, absolute);
            Migrations.migrate(migrationSource(absolute), Dialect.SQLITE); // on its own connection, closed before writing
            io.ductus.store.jdbc.StoreActivation.step("migrated");
            writerConnection = writerSource.getConnection();
            io.ductus.store.jdbc.MessageIds.floorFromSequence(writerConnection); // a file made with AUTOINCREMENT
            try (Statement s = writerConnection.createStatement()) {
                s.execute("PRAGMA wal_autocheckpoint = 0"); // the Checkpointer does it, off the commit path
                s.execute("PRAGMA journal_size_limit = " + WAL_SIZE_LIMIT_BYTES);
            }
            GroupCommitWriter writer = new GroupCommitWriter(writerConnection, MAX_BATCH, MAX_WAIT_NANOS);
            checkpointer = new Checkpointer(dataSource(absolute, false).getConnection(), writer, CHECKPOINT_INTERVAL_MS);
            readers = new ReadPool(absolute, "ductus-sqlite-readers", READERS, false);
            callerReaders = new ReadPool(absolute, "ductus-sqlite-caller-readers", CALLER_READERS, true);
            return new SqliteTransactions(writer, readers, callerReaders, checkpointer);
        } catch (SQLException | RuntimeException e) {
            if (callerReaders != null) callerReaders.close();
            if (readers != null) readers.close();
            if (checkpointer != null) checkpointer.close();
            closeQuietly(writerConnection);
            if (e instanceof StoreException se) throw se;
            throw new StoreException("cannot open " + absolute + ": " + e.getMessage(), e);
        }
    }

    /**
     * A new file is made with incremental auto-vacuum, so that the pages retention frees can be given back to
     * the operating system a few at a time (RetentionStore.reclaim) instead of by a VACUUM that rewrites the
     * whole file. The mode can only be chosen before the first table: an older file keeps reusing its free
     * pages (it stops growing at steady state, without shrinking), and says so.
     */
    private static void freePagesGoBack(SQLiteDataSource source, Path file) throws SQLException {
        try (Connection c = source.getConnection(); Statement s = c.createStatement()) {
            boolean empty;
            try (var rs = s.executeQuery("SELECT COUNT(*) FROM sqlite_master")) {
                empty = rs.next() && rs.getLong(1) == 0;
            }
            if (empty) {
                s.execute("PRAGMA auto_vacuum = INCREMENTAL");
                s.execute("VACUUM"); // WAL mode has written the file's first page already: the mode takes with a VACUUM, instant here
                return;
            }
            try (var rs = s.executeQuery("PRAGMA auto_vacuum")) {
                if (rs.next() && rs.getInt(1) != 2) {
                    org.slf4j.LoggerFactory.getLogger(SqliteStores.class).warn("{} was made without incremental auto-vacuum: "
                            + "space retention frees is reused but not given back (once, with the engine stopped: "
                            + "sqlite3 {} 'PRAGMA auto_vacuum = INCREMENTAL; VACUUM')", file, file);
                }
            }
        }
    }

    /**
     * WAL, so readers never block the writer; synchronous=FULL, so a commit is on disk before it returns
     * (the writer lowers it per batch only for relaxed durability); foreign keys enforced. Public for the
     * benchmarks' bare-SQLite reference, which must open its file exactly as the store does.
     */
    public static SQLiteDataSource dataSource(Path file, boolean writer) {
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MS);
        config.enforceForeignKeys(true);
        // The driver already serializes every call on a connection (NativeDB's methods are synchronized), and
        // each connection is used by one thread at a time; SQLite's own per-call mutex only costs time.
        config.setOpenMode(SQLiteOpenMode.NOMUTEX);
        // The store never asks for generated keys (SQLite's ids are given or come back through RETURNING); with
        // them on, the driver matches every statement it runs against a regular expression and, after each
        // INSERT, prepares and runs SELECT last_insert_rowid() on a statement of its own.
        config.setGetGeneratedKeys(false);
        if (writer) {
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
        }
        SQLiteDataSource source = new SQLiteDataSource(config);
        source.setUrl("jdbc:sqlite:" + file);
        return source;
    }

    /**
     * The migrations' connection: its transactions begin IMMEDIATE, taking the write lock first, so that stores opened at
     * once on a new file (an engine and a command, say) wait for each other's migrations (the busy timeout) instead of
     * one failing with SQLITE_BUSY: a deferred transaction that read first cannot take the write lock another took
     * meanwhile, and SQLite refuses it at once rather than wait.
     */
    static SQLiteDataSource migrationSource(Path file) {
        SQLiteDataSource source = dataSource(file, true);
        source.getConfig().setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        return source;
    }

    private static void closeQuietly(Connection c) {
        if (c == null) return;
        try {
            c.close();
        } catch (SQLException ignored) {
            // already failing; the first error is the one reported
        }
    }
}
