package io.ductus.sdk.files;

import io.ductus.sdk.ConnectorContext;
import io.ductus.sdk.ConnectorStatus;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Tells operators how far the reading of a large file got, as its batches commit: the source's status
 * says it ({@code reading big.csv: 150000 records stored, 54 % of 27.0 MB}; the API and {@code ductus
 * status} show it) at most every {@link #STATUS_EVERY}, and the log every {@link #LOG_EVERY}. A file read in
 * less than that says nothing here: its last line ("N record(s) stored, moved to done") is enough. Time is
 * the connector's clock.
 *
 * @since 1.2
 */
public final class IngestReport implements Consumer<FileProgress> {

    public static final Duration STATUS_EVERY = Duration.ofSeconds(1);
    public static final Duration LOG_EVERY = Duration.ofSeconds(10);

    private final ConnectorContext context;
    private final java.util.function.BiConsumer<ConnectorStatus, String> status;
    private String file;
    private long startedAt;
    private long statusAt;
    private long loggedAt;
    private boolean shown;

    public IngestReport(ConnectorContext context) {
        this(context, context::statusChanged);
    }

    /** @param status how the source reports its status (its own reporting, which may skip repeats) */
    public IngestReport(ConnectorContext context, java.util.function.BiConsumer<ConnectorStatus, String> status) {
        this.context = context;
        this.status = status;
    }

    /** A batch of the file committed, with the file's progress after it. */
    @Override
    public void accept(FileProgress progress) {
        long now = context.clock().millis();
        if (!progress.name().equals(file)) {
            file = progress.name();
            startedAt = statusAt = loggedAt = now;
            shown = false;
        }
        if (progress.done()) {
            if (shown) status.accept(ConnectorStatus.OK, "");
            file = null;
            return;
        }
        if (now - statusAt >= STATUS_EVERY.toMillis()) {
            statusAt = now;
            shown = true;
            status.accept(ConnectorStatus.OK, "reading " + describe(progress));
        }
        if (now - loggedAt >= LOG_EVERY.toMillis()) {
            loggedAt = now;
            context.log().info(describe(progress) + " so far (" + (now - startedAt) / 1000 + " s)");
        }
    }

    /** {@code big.csv: 150000 records stored, 54 % of 27.0 MB}. */
    static String describe(FileProgress progress) {
        String share = progress.size() <= 0 ? "" : String.format(Locale.ROOT, ", %d %% of %.1f MB",
                Math.min(100, progress.offset() * 100 / progress.size()), progress.size() / 1_000_000.0);
        return progress.name() + ": " + progress.records() + (progress.records() == 1 ? " record" : " records") + " stored" + share;
    }
}
