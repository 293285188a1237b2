package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** POST /api/v1/messages/{id}/edit: the corrected payload, its charset, and where the copy goes (none: as the original's quarantine). */
/* Empty lists are left out: the engine reads a missing list as "none" (its default). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("Edit")
public record Edit(String payload, String charset, List<String> destinations) {

    public Edit {
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }
}
