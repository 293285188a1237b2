package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** What ductus deploy came to, per interface. */
@ApiSchema("DeployedFromDisk")
public record DeployedFromDisk(List<Outcome> interfaces) {

    public DeployedFromDisk {
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
    }

    /**
     * One interface: deployed, unchanged, removed (with the fields of {@link Deployed}) or refused (with why and
     * the problems of its files).
     */
    @ApiSchema("DeployedFromDisk/interfaces")
    public record Outcome(@JsonProperty("interface") String interfaceName, String outcome, boolean changed, RevisionSummary revision,
                          Deployed.Swap swap, Deployed.Tests tests, List<String> notes, String title, String detail,
                          List<FileProblem> problems) {

        public Outcome {
            notes = notes == null ? List.of() : List.copyOf(notes);
            problems = problems == null ? List.of() : List.copyOf(problems);
        }
    }
}
