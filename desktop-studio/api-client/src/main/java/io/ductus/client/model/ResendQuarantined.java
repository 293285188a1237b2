package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * POST /api/v1/messages/resend-quarantined: every quarantined message of an interface received in
 * [from, to) goes again; a missing bound is open.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ApiSchema("ResendQuarantined")
public record ResendQuarantined(@JsonProperty("interface") String interfaceName, Instant from, Instant to) {
}
