package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * POST …/trial's body: whose code ({@code draft}, {@code deployed}, or {@code files} sent here), the samples (inline
 * {@code messages} or stored {@code messageIds}), what outputs are compared with ({@code input} or {@code deployed}),
 * only some destinations, live service reads instead of mocks (audited), and the mocks.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("Trial")
public record Trial(String code, Map<String, String> files, List<Sample> messages, List<Long> messageIds, String compare,
                    List<String> destinations, boolean live, Object mocks) {

    public Trial {
        files = files == null ? Map.of() : Map.copyOf(files);
        messages = messages == null ? List.of() : List.copyOf(messages);
        messageIds = messageIds == null ? List.of() : List.copyOf(messageIds);
        destinations = destinations == null ? List.of() : List.copyOf(destinations);
    }

    /** The caller's draft on these inline samples, outputs compared with the deployed revision's. */
    public static Trial ofDraft(List<Sample> samples) {
        return new Trial("draft", null, samples, null, "deployed", null, false, null);
    }

    /** These files (the editor's, not yet saved) on these samples, compared with the deployed revision's outputs. */
    public static Trial ofFiles(Map<String, String> files, List<Sample> samples) {
        return ofFiles(files, samples, "deployed");
    }

    /** These files on these samples, the outputs compared with {@code compare}: deployed, or input (a new interface). */
    public static Trial ofFiles(Map<String, String> files, List<Sample> samples, String compare) {
        return new Trial("files", files, samples, null, compare, null, false, null);
    }

    /** An inline sample message and its charset (null: read as intake reads it). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @ApiSchema("Trial/messages")
    public record Sample(String payload, String charset) {
    }
}
