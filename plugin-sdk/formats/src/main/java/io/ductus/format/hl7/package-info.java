/**
 * HL7 v2 messages: the one parser and encoder ({@link io.ductus.format.hl7.Hl7Message}: delimiters from MSH,
 * escapes, repetitions, components, subcomponents, Z-segments, a byte-exact round trip of what was not
 * changed), the header alone ({@link io.ductus.format.hl7.Hl7Header}, for listeners and ACKs), charsets
 * from MSH-18 ({@link io.ductus.format.hl7.Hl7Charsets}), paths such as {@code PID-3.1}
 * ({@link io.ductus.format.hl7.Hl7Path}), and files and batches ({@link io.ductus.format.hl7.Hl7Splitter},
 * {@link io.ductus.format.hl7.Hl7Batch}). No IO beyond the stream a caller hands in.
 */
@Export
@Version("1.2.0")
package io.ductus.format.hl7;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
