package io.ductus.engine.design;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.ductus.core.project.DestinationDefinition;
import io.ductus.core.project.DestinationTransform;
import io.ductus.core.project.Format;
import io.ductus.engine.runtime.DryRun;
import java.util.Map;

/**
 * A test file that pins what the code does with one message for one destination now (the output it
 * delivers, or its filter, quarantine or retry and the reason): "make this a test" from a replay row and
 * "record as test" from a designer's sample both write it, and {@code ductus test} and every deploy run it.
 */
public final class RecordedTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordedTest() {
    }

    /**
     * @param comment   the first line's comment (where the test came from and when)
     * @param testName  the test's name
     * @param d         the destination tested
     * @param input     the interface's input format
     * @param payload   the message as text
     * @param meta      the meta the test gives the transform (id, receivedAt, destination), in this order
     * @param outcome   what the code did with it: what the test expects
     */
    public static String text(String comment, String testName, DestinationDefinition d, Format input, String payload,
                              Map<String, String> meta, DryRun.Outcome outcome) {
        String fn = d.transform().function() != null ? d.transform().function() : DestinationTransform.DEFAULT_FUNCTION;
        StringBuilder t = new StringBuilder();
        t.append("// ").append(comment).append('\n');
        t.append("import { ").append(fn).append(" } from '../transform.js';\n\n");
        t.append("const input = ").append(value(input, payload)).append(";\n\n");
        t.append("test(").append(js(testName)).append(", () => {\n");
        StringBuilder m = new StringBuilder();
        meta.forEach((k, v) -> m.append(m.isEmpty() ? "" : ", ").append(k).append(": ").append(v));
        t.append("  const result = run(").append(fn).append(", input, meta({ ").append(m).append(" }));\n");
        switch (outcome.decision()) {
            case SENT -> {
                String out = new String(outcome.output(), outcome.charset());
                t.append("  expect(result.output).toEqual(").append(value(d.outputFormat(), out)).append(");\n");
            }
            case FILTERED -> t.append("  expect(result).toFilter(").append(js(outcome.reason())).append(");\n");
            case QUARANTINED -> t.append("  expect(result).toQuarantine(").append(js(outcome.reason())).append(");\n");
            case RETRY -> t.append("  expect(result).toBeTransient(").append(js(outcome.reason())).append(");\n");
        }
        t.append("});\n");
        return t.toString();
    }

    /** A message as a test writes it: an HL7 view, a plain object, or text. */
    private static String value(Format format, String text) {
        return switch (format) {
            case HL7 -> "hl7(" + js(text) + ")";
            case JSON -> "JSON.parse(" + js(text) + ")";
            default -> js(text);
        };
    }

    /** A JavaScript string literal of the text. */
    public static String js(String text) {
        try {
            return JSON.writeValueAsString(text == null ? "" : text).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
