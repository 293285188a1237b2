/**
 * The store port: everything the engine persists and reads goes through {@link io.ductus.store.Store}.
 * One bundle per database implements it (SQLite, PostgreSQL); the engine never knows which.
 *
 * <p>Two rules every implementation keeps: a write returns only after its transaction committed (with the
 * durability the caller asked for), and the store never reads the clock for business data: callers pass
 * {@code now} and every time in Unix milliseconds.
 */
@Export
@Version("0.3.0")
package io.ductus.store;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
