package io.ductus.engine.services;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.sql.SqlParameters;
import io.ductus.script.ScriptServices.ServiceException;
import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.Intake;
import io.ductus.sdk.IntakeException;
import io.ductus.sdk.Progress;
import io.ductus.sdk.Source;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;

/**
 * The {@code database} source: runs its query with the last row's cursor value bound as {@code :cursor},
 * and stores each row it returns as a JSON message — up to {@link Intake#MAX_BATCH} rows per batch, stored
 * together with the new cursor in one transaction, so after a crash it goes on from the last stored row:
 * each row once, none skipped. While a batch comes back full it reads again at once; otherwise it waits
 * {@code every}. A database that fails is reported (degraded) and asked again after {@code every}.
 */
final class DatabaseReader implements Source {

    static final String CURSOR_PARAMETER = "cursor";
    /** The key of the saved progress: the cursor value of the last row stored. */
    static final String PROGRESS_KEY = "cursor";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final DatabaseConnections databases;
    private final String database;
    private final String query;
    private final String cursorColumn;
    private final String start;
    private final Duration every;
    private final Duration timeout;
    private final ConnectorContext context;
    private final CompletableFuture<Void> stopped = new CompletableFuture<>();
    private volatile boolean running;
    private Thread poller;

    DatabaseReader(DatabaseConnections databases, String database, String query, String cursorColumn, String start,
                   Duration every, Duration timeout, ConnectorContext context) {
        this.databases = databases;
        this.database = database;
        this.query = query;
        this.cursorColumn = cursorColumn;
        this.start = start;
        this.every = every;
        this.timeout = timeout;
        this.context = context;
    }

    @Override
    public synchronized void start(Intake intake) {
        running = true;
        poller = Thread.ofVirtual().name("database-reader-" + context.interfaceName()).start(() -> pollUntilStopped(intake));
    }

    @Override
    public synchronized CompletionStage<Void> stop() {
        if (running) {
            running = false;
            poller.interrupt();
        } else if (poller == null) {
            stopped.complete(null);
        }
        return stopped;
    }

    private void pollUntilStopped(Intake intake) {
        try {
            String cursor = null;
            boolean healthy = true;
            while (running) {
                boolean full = false;
                try {
                    if (cursor == null) cursor = intake.savedProgress(PROGRESS_KEY).orElse(start);
                    Batch batch = readBatch(cursor);
                    if (!batch.messages().isEmpty()) {
                        intake.submitBatch(batch.messages(), new Progress(PROGRESS_KEY, batch.cursor())).toCompletableFuture().get();
                        cursor = batch.cursor();
                        full = batch.messages().size() == Intake.MAX_BATCH;
                    }
                    if (!healthy) context.statusChanged(ConnectorStatus.OK, "reading " + database);
                    healthy = true;
                } catch (ServiceException | IllegalArgumentException e) {
                    healthy = reportOnce(healthy, "database " + database + ": " + e.getMessage());
                } catch (ExecutionException e) {
                    // Not stored (the engine stops, drains, or its store failed): the same rows are read again.
                    healthy = reportOnce(healthy, "rows not stored, read again later: " + e.getCause().getMessage());
                } catch (IntakeException e) {
                    healthy = reportOnce(healthy, "rows not stored, read again later: " + e.getMessage());
                }
                if (!full && running) Thread.sleep(every.toMillis());
            }
        } catch (InterruptedException e) {
            // stop(): a batch handed over is the intake's to finish; nothing more is submitted
        } finally {
            stopped.complete(null);
        }
    }

    private boolean reportOnce(boolean healthy, String reason) {
        if (healthy) {
            context.log().warn(reason);
            context.statusChanged(ConnectorStatus.DEGRADED, reason);
        }
        return false;
    }

    /** The rows after the cursor as JSON messages, and the cursor of the last. */
    private Batch readBatch(String cursor) {
        SqlParameters bound = SqlParameters.bindNamed(query, Map.of(CURSOR_PARAMETER, cursorValue(cursor)));
        List<Map<String, Object>> rows = SqlCalls.read(databases.pool(database), database, bound, Intake.MAX_BATCH, timeout);
        List<InboundMessage> messages = new ArrayList<>(rows.size());
        String last = cursor;
        for (Map<String, Object> row : rows) {
            last = String.valueOf(cursorOf(row));
            messages.add(InboundMessage.of(json(row)).withCharset(StandardCharsets.UTF_8)
                    .withOrigin(Map.of("database", database, "cursor", last)));
        }
        return new Batch(messages, last);
    }

    private Object cursorOf(Map<String, Object> row) {
        for (Map.Entry<String, Object> column : row.entrySet()) {
            // PostgreSQL folds unquoted names to lower case; the setting may be written either way.
            if (column.getKey().equalsIgnoreCase(cursorColumn)) {
                if (column.getValue() == null) throw new IllegalArgumentException("a row has no value in the cursor column " + cursorColumn);
                return column.getValue();
            }
        }
        throw new IllegalArgumentException("the query's rows have no column " + cursorColumn + " (they have "
                + String.join(", ", row.keySet()) + "): set cursor: to one of them");
    }

    /** A whole number is bound as one, anything else as text (cast it in the query: :cursor::timestamptz). */
    static Object cursorValue(String saved) {
        return saved.matches("-?\\d{1,18}") ? (Object) Long.parseLong(saved) : saved;
    }

    private static byte[] json(Map<String, Object> row) {
        try {
            return JSON.writeValueAsBytes(row);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a row cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }

    private record Batch(List<InboundMessage> messages, String cursor) {
    }
}
