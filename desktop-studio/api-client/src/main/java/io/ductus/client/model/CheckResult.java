package io.ductus.client.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** A check's answer: every problem of the files, as ductus validate prints them (empty: they would deploy). */
@ApiSchema("CheckResult")
public record CheckResult(@JsonProperty("interface") String interfaceName, String code, List<FileProblem> problems) {

    public CheckResult {
        problems = problems == null ? List.of() : List.copyOf(problems);
    }
}
