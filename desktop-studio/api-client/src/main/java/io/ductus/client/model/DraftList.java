package io.ductus.client.model;

import java.util.List;

/** GET /api/v1/drafts: the caller's drafts. */
@ApiSchema("DraftList")
public record DraftList(List<DraftSummary> drafts) {

    public DraftList {
        drafts = drafts == null ? List.of() : List.copyOf(drafts);
    }
}
