/** The building blocks that describe the shape of a project file, once, for validation, schemas and docs. */
package io.ductus.core.project.shape;
