package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** POST /api/v1/messages/dismiss: quarantined deliveries become filtered, with the reason as their last error. */
/* Empty lists are left out: the engine reads a missing list as "none" (its default). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("Dismiss")
public record Dismiss(List<Long> ids, List<String> destinations, String reason) {

    public Dismiss {
        ids = List.copyOf(ids);
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }
}
