/**
 * Engines on one database (docs/engines.md): each engine run's row and liveness, which live engine delivers
 * each interface, and operators' requests to move an interface or drain an engine. Receiving is not owned;
 * delivering is.
 */
@Export
@Version("1.2.0")
package io.ductus.store.engine;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
