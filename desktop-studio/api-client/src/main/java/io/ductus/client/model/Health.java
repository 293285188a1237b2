package io.ductus.client.model;

/** GET /api/v1/health: ok once started; starting or stopping otherwise. */
@ApiSchema("Health")
public record Health(String status) {
}
