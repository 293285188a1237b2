package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** An edit's answer: the corrected copy's id, where it goes, and what changed on the original. */
@ApiSchema("Edited")
public record Edited(long copyId, @JsonProperty("interface") String interfaceName, List<String> destinations, Changed original) {
}
