package io.ductus.client.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/** One row of the audit log: who did what, how, from where, to what, and how it went. */
@ApiSchema("AuditEntry")
public record AuditEntry(long id, Instant at, String actor, String via, String address, String action, String target, String outcome,
                         JsonNode detail) {
}
