package io.ductus.client.model;

/** POST …/replays/{id}/tests's body: the row to make a test of. */
@ApiSchema("ReplayTest")
public record ReplayTest(long messageId, String destination) {
}
