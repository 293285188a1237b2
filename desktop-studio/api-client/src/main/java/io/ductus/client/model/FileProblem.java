package io.ductus.client.model;

/** A problem of a file the engine refused, as ductus validate prints it: file, line, column, the key path and what is wrong. */
@ApiSchema("FileProblem")
public record FileProblem(String file, int line, int column, String field, String message, String text) {
}
