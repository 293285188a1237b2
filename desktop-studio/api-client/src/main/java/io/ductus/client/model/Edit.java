package io.ductus.client.model;

import java.util.List;

/** POST /api/v1/messages/{id}/edit: the corrected payload, its charset, and where the copy goes (none: as the original's quarantine). */
@ApiSchema("Edit")
public record Edit(String payload, String charset, List<String> destinations) {

    public Edit {
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }
}
