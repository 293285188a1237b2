package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.Map;

/** A draft with its files (the fields of {@link DraftSummary}; here {@code files} are the files themselves). */
@ApiSchema("Draft")
public record Draft(@JsonProperty("interface") String interfaceName, String owner, Integer base, Integer current, boolean baseIsCurrent,
                    Map<String, String> files, Map<String, String> binaryFiles, Instant createdAt, Instant updatedAt) {

    public Draft {
        files = files == null ? Map.of() : Map.copyOf(files);
        binaryFiles = binaryFiles == null ? Map.of() : Map.copyOf(binaryFiles);
    }
}
