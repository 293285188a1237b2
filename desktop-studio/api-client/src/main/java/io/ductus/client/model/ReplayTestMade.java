package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A test made from a replay row: whose draft, the test file written into it, what it expects, the draft's file count. */
@ApiSchema("ReplayTestMade")
public record ReplayTestMade(@JsonProperty("interface") String interfaceName, String path, String expects, int draftFiles) {
}
