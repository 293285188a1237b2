package io.ductus.client.model;

/** A source or destination connector: its type and what it last reported (ok, degraded, failed, closed). */
@ApiSchema("Connector")
public record Connector(String type, String status, String detail) {
}
