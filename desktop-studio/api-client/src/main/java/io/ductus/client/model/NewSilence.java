package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * POST /api/v1/silences's body: a target, for how long ({@code 2h}) or until when (an instant, as text the
 * engine reads), and why. One of {@code howLong} and {@code until}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@ApiSchema("NewSilence")
public record NewSilence(String target, @JsonProperty("for") String howLong, String until, String reason) {
}
