package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** An interface's revisions newest first, its current revision, the one this engine runs, and the next page's {@code before}. */
@ApiSchema("RevisionList")
public record RevisionList(@JsonProperty("interface") String interfaceName, Integer current, Integer running, List<RevisionSummary> revisions,
                           Integer next) {

    public RevisionList {
        revisions = revisions == null ? List.of() : List.copyOf(revisions);
    }
}
