package io.ductus.engine.services;

import io.ductus.core.sql.SqlParameters;
import io.ductus.script.ScriptServices.ServiceException;
import io.ductus.sdk.ConnectorLogger;
import io.ductus.sdk.Destination;
import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The {@code database} destination: runs its statement with the parameters of each row of the
 * transform's output ({@link DatabaseRows}) in one transaction on a resources.yaml database. Sent with the
 * rows changed; what the database may do another time (no connection, a timeout, a deadlock or
 * serialization failure, a database starting) is a retry; a statement the database refuses (a constraint,
 * a syntax error) and an output that does not fit it are quarantined with the reason.
 */
final class DatabaseWriter implements Destination {

    private final DatabaseConnections databases;
    private final String database;
    private final String statement;
    private final Duration timeout;
    private final ConnectorLogger log;

    DatabaseWriter(DatabaseConnections databases, String database, String statement, Duration timeout, ConnectorLogger log) {
        this.databases = databases;
        this.database = database;
        this.statement = statement;
        this.timeout = timeout;
        this.log = log;
    }

    @Override
    public void start() {
        // The pool opens on the first message: a database that is down now is the messages' retry, not a failed start.
    }

    @Override
    public Outcome send(OutboundMessage message) {
        List<SqlParameters> rows;
        try {
            rows = DatabaseRows.bind(statement, new String(message.payload(), message.charset()));
        } catch (IllegalArgumentException e) {
            return Outcome.quarantine(e.getMessage());
        }
        if (rows.isEmpty()) return Outcome.sent("no rows in the output");
        try {
            // The fence right before the commit, which is what makes the rows seen: refused, the rows are rolled back.
            long changed = SqlCalls.executeAll(databases.pool(database), database, rows, timeout, message::fence);
            String detail = changed + " row" + (changed == 1 ? "" : "s") + " changed";
            log.debug("message " + message.messageId() + ": " + detail);
            return Outcome.sent(detail);
        } catch (ServiceException e) {
            String reason = "database " + database + ": " + e.getMessage();
            return e.temporary() ? Outcome.retry(reason) : Outcome.quarantine(reason);
        }
    }

    @Override
    public CompletionStage<Void> stop() {
        return CompletableFuture.completedFuture(null); // the pools are the engine's and close with it
    }
}
