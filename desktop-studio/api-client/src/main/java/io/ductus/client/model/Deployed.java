package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * What a deploy, rollback or removal of one interface came to: whether anything changed, the revision, how the
 * running interface took it (the swap), its tests, and notes.
 */
@ApiSchema("Deployed")
public record Deployed(@JsonProperty("interface") String interfaceName, boolean changed, RevisionSummary revision, Swap swap, Tests tests,
                       List<String> notes) {

    public Deployed {
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * How the interface took the revision (null when it was not swapped): running or not and why, live (in
     * place) with how long its input waited at the closed gate, until the new workers ran, whether the old code
     * delivered what was stored before and the listener stayed. The engine's schema describes it in words.
     */
    public record Swap(boolean running, String reason, boolean live, Long gateClosedMs, Long handoverMs, Boolean drained, Boolean sourceKept) {
    }

    /** The interface's tests run before the deploy. The engine's schema describes it in words. */
    public record Tests(int files, int passed, int failed) {
    }
}
