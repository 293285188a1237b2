package io.ductus.client.model;

/** The body of POST /api/v1/interfaces/{name}/move: the id of the engine to deliver it from now on. */
@ApiSchema("InterfaceMove")
public record InterfaceMove(String to) {
}
