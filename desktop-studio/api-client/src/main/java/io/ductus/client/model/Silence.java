package io.ductus.client.model;

import java.time.Instant;

/** A silence: a target nobody is told about from startsAt until endsAt, why, and who set it. */
@ApiSchema("Silence")
public record Silence(long id, String target, Instant startsAt, Instant endsAt, String reason, String createdBy) {
}
