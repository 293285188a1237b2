package io.ductus.core.project.shape;

/**
 * The shape of a value in a project file. The three files are described once, as shapes
 * ({@code io.ductus.core.project.ProjectShapes}); validation, the JSON Schemas and the configuration
 * reference are all derived from that one description.
 */
public sealed interface Shape permits Text, WholeNumber, Flag, Choice, Section, NamedEntries, ConnectorBlock, ListOf {

    /** What a value of this shape looks like, in words for messages and documentation. */
    String expected();
}
