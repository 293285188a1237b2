package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/** A recorded test: the path it is meant for (new among the files sent), its text, and what it expects. Nothing was saved. */
@ApiSchema("TestRecorded")
public record TestRecorded(@JsonProperty("interface") String interfaceName, String path, String text, String expects) {
}
