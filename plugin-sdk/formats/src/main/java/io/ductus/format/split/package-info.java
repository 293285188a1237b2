/**
 * Splitting a stream (a file, a download) into records without holding more than one record and a
 * bounded buffer in memory: HL7 v2 messages (one per MSH, batch envelopes dropped), CSV rows (each with
 * the header row in front) or lines. Each record says where it ends, so a reader can resume there.
 */
@Export
@Version("1.0.0")
package io.ductus.format.split;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
