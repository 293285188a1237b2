/**
 * HL7 v2 helpers of SDK 1.0 to 1.3, kept so that connectors built against them keep loading: each is now
 * a thin view of the formats module ({@code io.ductus.format.hl7}, {@code io.ductus.format.ack},
 * {@code io.ductus.format.mllp}), where new code goes.
 */
@Export
@Version("1.1.0")
package io.ductus.sdk.hl7;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
