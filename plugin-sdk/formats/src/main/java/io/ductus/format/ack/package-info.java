/**
 * HL7 v2 acknowledgements: building the ACK a receiver answers with (MSA and ERR), reading the one a
 * receiver sent back, and control ids that do not repeat.
 */
@Export
@Version("1.1.0")
package io.ductus.format.ack;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
