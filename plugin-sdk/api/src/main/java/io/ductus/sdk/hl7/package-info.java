/**
 * HL7 v2 helpers for connectors that speak HL7 on the wire: reading a message's MSH header and building
 * the acknowledgement (ACK) a receiver answers with. Bytes are read as ISO-8859-1, which maps every byte
 * to one char and back, so header fields copied into an ACK keep their exact bytes in any charset.
 */
@Export
@Version("1.0.0")
package io.ductus.sdk.hl7;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
