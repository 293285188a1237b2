/**
 * Connector settings: the schema a connector type declares, its validation (each problem names the
 * setting), and the typed view a connector reads its validated settings through.
 */
@Export
@Version("1.0.0")
package io.ductus.sdk.config;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
