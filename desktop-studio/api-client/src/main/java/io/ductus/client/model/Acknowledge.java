package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;

/** POST /api/v1/alerts/{id}/acknowledge's body: what is being done about it (optional). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ApiSchema("Acknowledge")
public record Acknowledge(String comment) {
}
