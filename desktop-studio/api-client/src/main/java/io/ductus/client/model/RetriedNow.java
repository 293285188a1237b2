package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Retry now: how many deliveries of the destination waited for their back-off and are due at once. */
@ApiSchema("RetriedNow")
public record RetriedNow(@JsonProperty("interface") String interfaceName, String destination, long waiting) {
}
