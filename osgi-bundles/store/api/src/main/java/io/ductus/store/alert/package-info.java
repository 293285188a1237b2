/**
 * The alerts port: what health facts survive a restart (activity, baselines), each target's alert, its
 * history, the outbox of notifications with leases, and operators' silences. The rows here are plain: the
 * engine decides (with the pure core) and the store writes what was decided, each change in one
 * transaction, conditional on the state it was decided from.
 */
@Export
@Version("0.1.0")
package io.ductus.store.alert;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
