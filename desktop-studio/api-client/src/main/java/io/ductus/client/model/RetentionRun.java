package io.ductus.client.model;

import java.time.Instant;

/** Retention's last run: when, how long, what it deleted and kept past a window. */
@ApiSchema("RetentionRun")
public record RetentionRun(Instant startedAt, long millis, long purgeMillis, long reclaimMillis, long deleted, long keptPastWindow, long auditDeleted, long pagesReclaimed,
                           double longestBatchMillis, String error) {
}
