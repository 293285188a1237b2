/**
 * Retention (docs/retention.md): how long an interface keeps its messages ({@link Window}), how long
 * the audit log is kept ({@link KeepYears}), what a change of window comes to ({@link Change}) and how a
 * purge paces itself ({@link Pacing}). Decisions only: time comes in as an argument; the deleting happens in
 * the store and the engine.
 */
package io.ductus.core.retention;
