package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/** POST …/check's body: whose files are checked ({@code draft}, {@code deployed}, or {@code files} sent here). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("Check")
public record Check(String code, Map<String, String> files) {

    public Check {
        files = files == null ? Map.of() : Map.copyOf(files);
    }

    /** The editor's files, saved or not. */
    public static Check ofFiles(Map<String, String> files) {
        return new Check("files", files);
    }
}
