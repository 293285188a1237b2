package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/silences: the silences that have not ended. */
@ApiSchema("SilenceList")
public record SilenceList(List<Silence> silences) {

    public SilenceList {
        silences = silences == null ? List.of() : List.copyOf(silences);
    }
}
