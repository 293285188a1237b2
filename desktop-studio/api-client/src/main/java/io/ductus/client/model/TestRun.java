package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/** POST …/tests's body: whose code the tests run on ({@code draft}, {@code deployed}, or {@code files} sent here). */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("TestRun")
public record TestRun(String code, Map<String, String> files) {

    public TestRun {
        files = files == null ? Map.of() : Map.copyOf(files);
    }

    /** The tests among these files (the editor's, saved or not), on these files. */
    public static TestRun ofFiles(Map<String, String> files) {
        return new TestRun("files", files);
    }
}
