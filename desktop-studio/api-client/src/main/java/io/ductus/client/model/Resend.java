package io.ductus.client.model;

import java.util.List;

/** POST /api/v1/messages/resend: up to 500 ids; with destinations, those deliveries whatever they ended as. */
@ApiSchema("Resend")
public record Resend(List<Long> ids, List<String> destinations) {

    public Resend {
        ids = List.copyOf(ids);
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }
}
