/**
 * MLLP framing ({@code VT message FS CR}) and what HL7 over MLLP expects of the bytes inside a frame.
 */
@Export
@Version("1.0.0")
package io.ductus.format.mllp;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
