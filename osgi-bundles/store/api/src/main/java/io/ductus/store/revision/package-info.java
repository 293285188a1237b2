/**
 * The revisions port (docs/designing.md): every revision of an interface the engine ran or tried to,
 * with the full content of its files, how it came (API, disk, start, rollback), who and when; and the
 * drafts users keep on the server, per user and interface. Times in Unix milliseconds; files by their
 * path relative to the project folder.
 */
@Export
@Version("0.2.0")
package io.ductus.store.revision;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
