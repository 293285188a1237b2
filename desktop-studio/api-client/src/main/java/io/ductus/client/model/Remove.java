package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/** POST …/remove's body: the current revision as the caller saw it, whether to filter pending deliveries (rather than be refused), why. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ApiSchema("Remove")
public record Remove(@JsonInclude(JsonInclude.Include.ALWAYS) Integer base, boolean filterPending, String reason) {
}
