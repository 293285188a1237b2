package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/** PUT …/draft's body: the draft whole, its files and the revision it was started from (null for a new interface). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("DraftSave")
public record DraftSave(@JsonInclude(JsonInclude.Include.ALWAYS) Integer base, Map<String, String> files, Map<String, String> binaryFiles) {

    public DraftSave {
        files = files == null ? Map.of() : Map.copyOf(files);
        binaryFiles = binaryFiles == null ? Map.of() : Map.copyOf(binaryFiles);
    }
}
