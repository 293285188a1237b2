package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/engines: the live engines on the database, each with what it delivers. */
@ApiSchema("EngineList")
public record EngineList(List<EngineRun> items) {

    public EngineList {
        items = items == null ? List.of() : List.copyOf(items);
    }
}
