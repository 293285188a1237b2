/**
 * What a replay reads and keeps (docs/replay.md): a period's original messages with each destination's
 * record, read in id order over the store's read side; replay jobs and their result rows, purged after a
 * while. Times in Unix milliseconds.
 */
@Export
@Version("0.1.0")
package io.ductus.store.replay;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
