package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A trial's answer: the problems of the code tried (syntax errors, settings; then nothing ran), and per sample
 * message and destination the decision, the output, its differences, log lines and service calls.
 */
@ApiSchema("TrialResult")
public record TrialResult(@JsonProperty("interface") String interfaceName, String code, String services, List<FileProblem> problems,
                          Integer comparedWithRevision, boolean cached, double tookMs, List<MessageResult> messages) {

    public TrialResult {
        problems = problems == null ? List.of() : List.copyOf(problems);
        messages = messages == null ? List.of() : List.copyOf(messages);
    }

    /** One sample: its label (message 1, or message ID) and what each destination did with it. */
    @ApiSchema("TrialResult/messages")
    public record MessageResult(String label, Long id, List<DestinationResult> destinations) {

        public MessageResult {
            destinations = destinations == null ? List.of() : List.copyOf(destinations);
        }
    }

    /**
     * One destination's outcome, what it was compared with (input or deployed, by hl7, json or text) and the
     * differences, the deployed revision's outcome when compared with it, log lines and service calls.
     */
    @ApiSchema("TrialResult/messages/destinations")
    public record DestinationResult(String destination, String decision, String reason, boolean runaway, String output, String charset,
                                    String comparedWith, String comparedBy, List<Difference> differences, TrialOutcome deployed,
                                    boolean decisionChanged, List<String> log, List<ServiceCall> serviceCalls, double tookMs) {

        public DestinationResult {
            differences = differences == null ? List.of() : List.copyOf(differences);
            log = log == null ? List.of() : List.copyOf(log);
            serviceCalls = serviceCalls == null ? List.of() : List.copyOf(serviceCalls);
        }
    }

    /** A changed value: its path (PID-5.1, $.name[0], line 3), before and after (null where absent). */
    @ApiSchema("TrialResult/messages/destinations/differences")
    public record Difference(String path, String before, String after) {
    }

    /** A service call the code made (db.query, fetch, env, secret) and what came of it (mocked unless live). */
    @ApiSchema("TrialResult/messages/destinations/serviceCalls")
    public record ServiceCall(String service, String target, String detail, String outcome) {
    }
}
