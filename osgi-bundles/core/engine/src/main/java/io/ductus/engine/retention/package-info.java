/**
 * Retention's runs in the engine (docs/retention.md): windows brought up to the project, expired
 * messages and audit rows purged in paced batches off intake's path, free space given back, what is kept
 * counted for the API and /metrics.
 */
package io.ductus.engine.retention;
