package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** What a resend by filter did: messages sent again, deliveries back to pending, in how many transactions. */
@ApiSchema("ResentQuarantined")
public record ResentQuarantined(@JsonProperty("interface") String interfaceName, long messages, long deliveries, int batches) {
}
