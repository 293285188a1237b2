package io.ductus.store.jdbc;

import io.ductus.store.Durability;

/**
 * How a database runs the store's work: the one thing the SQLite and PostgreSQL stores do differently.
 * SQLite has one writer that commits concurrent writes together (group commit); PostgreSQL gives each
 * write its own pooled transaction and lets the server group the flushes.
 */
public interface Transactions extends AutoCloseable {

    /**
     * Runs {@code work} in a write transaction and returns after the commit with the asked durability.
     * If the work throws, nothing it did is kept; the exception reaches the caller as a StoreException.
     */
    <T> T write(Durability durability, SqlWork<T> work);

    /** Runs {@code work} in a read-only transaction: it sees one consistent, committed state. */
    <T> T read(SqlWork<T> work);

    /**
     * The same database for the API's callers: connections (and, where the driver needs them, threads) of
     * their own, so that what people browse, search and read never takes those intake and the workers need.
     * Writes still go where the database serializes them. Closed with this one.
     */
    default Transactions forCallers() {
        return this;
    }

    /**
     * Runs {@code work} on a connection of its own in autocommit mode: for the statements PostgreSQL refuses
     * inside a transaction block (DETACH PARTITION … FINALIZE), and a session's own advisory lock. Only PostgreSQL has them.
     */
    default <T> T autocommit(SqlWork<T> work) {
        throw new UnsupportedOperationException("no statements outside a transaction on this database");
    }

    @Override
    void close();
}
