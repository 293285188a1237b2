package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * POST …/tests/record's body: the code (as for a trial), the destination whose outcome the test pins, one sample
 * (inline or stored), the test's name (null: the sample and the destination) and the mocks.
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@ApiSchema("TestRecord")
public record TestRecord(String code, Map<String, String> files, String destination, List<Trial.Sample> messages, List<Long> messageIds,
                         String name, Object mocks) {

    public TestRecord {
        files = files == null ? Map.of() : Map.copyOf(files);
        messages = messages == null ? List.of() : List.copyOf(messages);
        messageIds = messageIds == null ? List.of() : List.copyOf(messageIds);
    }

    /** These files (the editor's) on one inline sample, for one destination. */
    public static TestRecord ofFiles(Map<String, String> files, String destination, Trial.Sample sample, String name) {
        return new TestRecord("files", files, destination, List.of(sample), null, name, null);
    }
}
