/**
 * Threads of the engine that must not compete with intake and delivery for the CPU:
 * {@link io.ductus.threads.LowPriority} makes a thread the lowest priority for the operating system. Used by the
 * replay's threads (engine) and the threads that run the API callers' reads (the SQLite store: a text search
 * scans in native code on them). A bundle of its own because both the engine and the store bundles need it, and
 * neither may depend on the other; the pure core may start or touch no threads.
 */
@Export
@Version("1.0.0")
package io.ductus.threads;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
