package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * POST /api/v1/interfaces/{name}/deploy's body: the files (path relative to the project folder → text; others
 * base64 in binaryFiles) and the revision they were made from (null for a new interface: always sent, so a
 * deploy by someone else in between is refused), or {@code draft} to deploy the caller's draft; why.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("Deploy")
public record Deploy(@JsonInclude(JsonInclude.Include.ALWAYS) Integer base, Map<String, String> files, Map<String, String> binaryFiles,
                     boolean draft, String message) {

    public Deploy {
        files = files == null ? Map.of() : Map.copyOf(files);
        binaryFiles = binaryFiles == null ? Map.of() : Map.copyOf(binaryFiles);
    }
}
