package io.ductus.studio.design;

import io.ductus.client.model.FileProblem;
import io.ductus.client.model.Trial;
import io.ductus.client.model.TrialResult;
import java.util.List;
import java.util.Map;

/** An interface as the designer tests use it: adt-in with a transform, and the trial answers the engine would give. */
final class DesignFixtures {

    static final String YAML = "interfaces/adt-in/interface.yaml";
    static final String JS = "interfaces/adt-in/transform.js";
    static final String ADT = "MSH|^~\\&|HIS|GEN|LAB|GEN|20260101120000||ADT^A01|MSG1|P|2.5\rPID|1||MRN1||DOE^JANE||19800101|F\r";

    private DesignFixtures() {
    }

    static Map<String, String> files(String code) {
        return Map.of(YAML, "source: { type: mllp, listen: 127.0.0.1:0 }\nformat: hl7\ndestinations:\n  lab: { type: file, path: out }\n", JS, code);
    }

    /** The engine's answer: the lab's output is the family name as the code wrote it, one field differing from deployed. */
    static TrialResult answer(Trial t) {
        String code = t.files().getOrDefault(JS, "");
        if (code.contains("syntax error")) {
            return new TrialResult("adt-in", "files", "mocked", List.of(new FileProblem(JS, 3, 5, "", "SyntaxError: Unexpected token",
                    JS + ":3:5: SyntaxError: Unexpected token")), null, false, 2, List.of());
        }
        String family = code.contains("toUpperCase") ? "DOE" : "Doe";
        TrialResult.DestinationResult lab = new TrialResult.DestinationResult("lab", "sent", null, false, "PID|1||MRN1||" + family, "UTF-8",
                "deployed", "hl7", family.equals("DOE") ? List.of(new TrialResult.Difference("PID-5.1", "Doe", "DOE")) : List.of(), null,
                false, List.of("family " + family), List.of(), 0.4);
        return new TrialResult("adt-in", "files", "mocked", List.of(), 1, true, 3,
                t.messages().stream().map(m -> new TrialResult.MessageResult("message", null, List.of(lab))).toList());
    }
}
