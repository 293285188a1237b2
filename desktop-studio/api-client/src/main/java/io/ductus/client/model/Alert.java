package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * An alert: its target (an interface, interface/destination, the engine), where it stands (ok, holding,
 * firing, recovering), the health state and severity it is about, why, when its spell began and fired, and
 * who acknowledged it.
 */
@ApiSchema("Alert")
public record Alert(long id, String target, String kind, @JsonProperty("interface") String interfaceName, String status, String state,
                    String severity, String reason, String rule, Instant since, Instant firedAt, Instant escalatedAt,
                    Instant acknowledgedAt, String acknowledgedBy, List<String> told, int episode) {

    public Alert {
        told = told == null ? List.of() : List.copyOf(told);
    }
}
