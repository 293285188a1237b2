/**
 * Splitting a stream (a file, a download) into records without holding more than one record and a
 * bounded buffer in memory: HL7 v2 messages (one per MSH, batch envelopes dropped), CSV rows (each with
 * the header row in front) or lines. Each record says where it ends, so a source can save that as its
 * {@link io.ductus.sdk.Progress} and resume there after a crash.
 */
@Export
@Version("1.0.1")
package io.ductus.sdk.records;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
