package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** POST /api/v1/messages/resend: up to 500 ids; with destinations, those deliveries whatever they ended as. */
/* Empty lists are left out: the engine reads a missing list as "none" (its default). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("Resend")
public record Resend(List<Long> ids, List<String> destinations) {

    public Resend {
        ids = List.copyOf(ids);
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }
}
