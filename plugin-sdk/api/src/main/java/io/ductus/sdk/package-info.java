/**
 * The connector SPI: what a third-party connector implements ({@link io.ductus.sdk.ConnectorFactory},
 * {@link io.ductus.sdk.Source}, {@link io.ductus.sdk.Destination}) and what the engine hands it
 * ({@link io.ductus.sdk.ConnectorContext}, {@link io.ductus.sdk.Intake}).
 *
 * <p>The one rule a source must keep: acknowledge a message to its sender only after the
 * {@link io.ductus.sdk.Intake#submit receipt} completed successfully, because only then is it stored.
 */
@Export
@Version("1.5.0")
package io.ductus.sdk;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
