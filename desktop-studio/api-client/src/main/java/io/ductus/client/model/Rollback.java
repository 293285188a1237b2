package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/** POST …/rollback's body: the revision whose files go again, the current revision as the caller saw it (null: whatever is current), why. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ApiSchema("Rollback")
public record Rollback(int revision, Integer base, String message) {
}
