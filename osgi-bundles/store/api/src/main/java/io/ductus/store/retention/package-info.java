/**
 * Retention in the store (docs/retention.md): each interface's window on record, the purge of expired
 * messages in short batches, the audit log's purge, giving free space back, and what is kept. Times in Unix
 * milliseconds; windows in days.
 */
@Export
@Version("0.1.0")
package io.ductus.store.retention;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
