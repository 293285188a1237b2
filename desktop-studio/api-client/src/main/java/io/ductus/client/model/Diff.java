package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * The unified diff of two versions of an interface's files (revisions, a draft, what runs): file by file, and
 * every file's in one patch for git apply. {@code from} and {@code to} say what was compared
 * ({@code {revision: 3}}, {@code {draft: true, base: 3}}, {@code {running: true, revision: 3}}, {@code {none: true}}).
 */
@ApiSchema("Diff")
public record Diff(@JsonProperty("interface") String interfaceName, Map<String, Object> from, Map<String, Object> to, List<FileDiff> files,
                   String patch) {

    public Diff {
        files = files == null ? List.of() : List.copyOf(files);
    }

    /** One file: added, removed or changed, how many lines, and its own unified diff. */
    @ApiSchema("Diff/files")
    public record FileDiff(String path, String change, int added, int removed, String diff) {
    }
}
