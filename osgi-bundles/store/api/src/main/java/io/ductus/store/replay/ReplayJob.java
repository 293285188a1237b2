package io.ductus.store.replay;

/**
 * A replay job as kept.
 *
 * @param status  running, done, cancelled or failed
 * @param request the job's parameters (JSON)
 * @param summary its counts and figures (JSON), as of its last save; null before the first
 */
public record ReplayJob(long id, String createdBy, long createdAt, Long finishedAt, String status, String request, String summary) {
}
