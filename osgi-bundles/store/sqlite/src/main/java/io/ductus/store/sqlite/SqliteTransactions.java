package io.ductus.store.sqlite;

import io.ductus.store.Durability;
import io.ductus.store.jdbc.SqlWork;
import io.ductus.store.jdbc.Transactions;

/**
 * SQLite: writes go through the one {@link GroupCommitWriter}; reads use pools of their own connections and
 * threads ({@link ReadPool}): one for the engine (intake, workers, health), one for the API's callers, so
 * that browsing and searching never wait for the engine's connections nor take them; the
 * {@link Checkpointer} copies the WAL back into the database file in the background. In WAL mode readers
 * never block the writer, and each read transaction sees the database as of one commit, so never half of
 * a batch.
 */
final class SqliteTransactions implements Transactions {

    private final GroupCommitWriter writer;
    private final ReadPool readers;
    private final ReadPool callerReaders;
    private final Checkpointer checkpointer;
    private final Transactions forCallers;

    SqliteTransactions(GroupCommitWriter writer, ReadPool readers, ReadPool callerReaders, Checkpointer checkpointer) {
        this.writer = writer;
        this.readers = readers;
        this.callerReaders = callerReaders;
        this.checkpointer = checkpointer;
        this.forCallers = new Transactions() {
            @Override
            public <T> T write(Durability durability, SqlWork<T> work) {
                return writer.write(durability, work);
            }

            @Override
            public <T> T read(SqlWork<T> work) {
                return callerReaders.read(work);
            }

            @Override
            public void close() {
                // closed with the engine's transactions
            }
        };
    }

    @Override
    public <T> T write(Durability durability, SqlWork<T> work) {
        return writer.write(durability, work);
    }

    @Override
    public <T> T read(SqlWork<T> work) {
        return readers.read(work);
    }

    @Override
    public Transactions forCallers() {
        return forCallers;
    }

    @Override
    public void close() {
        checkpointer.stop();
        writer.close();
        callerReaders.close();
        readers.close();
        checkpointer.close();
    }
}
