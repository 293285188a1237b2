/**
 * An interface's revisions as content (docs/designing.md): the files that make one ({@link
 * io.ductus.core.revision.InterfaceFiles}), the shared code they import, their hash, and the unified diff
 * of two of them. Pure: the files come in as bytes.
 */
package io.ductus.core.revision;
