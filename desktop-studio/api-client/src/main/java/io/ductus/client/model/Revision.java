package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.Map;

/** One revision with the full content of its files (the fields of {@link RevisionSummary}, then the files). */
@ApiSchema("Revision")
public record Revision(@JsonProperty("interface") String interfaceName, int revision, String hash, String status, String origin,
                       String author, String message, Integer basedOn, Instant createdAt, Instant finishedAt, String reason,
                       Map<String, String> files, Map<String, String> binaryFiles) {

    public Revision {
        files = files == null ? Map.of() : Map.copyOf(files);
        binaryFiles = binaryFiles == null ? Map.of() : Map.copyOf(binaryFiles);
    }
}
