/**
 * The project folder model (ARCHITECTURE.md §7): ductus.yaml, resources.yaml and each
 * interfaces/&lt;name&gt;/interface.yaml as immutable records, and their validation. The loader (bundle
 * io.ductus.project) reads the files into {@link io.ductus.core.project.Node} trees that keep every
 * value's position; {@link io.ductus.core.project.ProjectValidator#check} checks them against
 * {@link io.ductus.core.project.ProjectShapes} and returns a {@link io.ductus.core.project.ProjectCheck}.
 */
package io.ductus.core.project;
