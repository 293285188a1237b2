package io.ductus.studio.design;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import java.util.Arrays;
import java.util.List;

/**
 * A failed expectation's difference, expected against actual, as a unified diff (lines of an HL7 message, of
 * a JSON text, of anything the test showed as JavaScript), for the tests panel's diff view. Pure.
 */
public final class TestDifference {

    private TestDifference() {
    }

    /** The diff of expected → actual, or empty when the failure has neither (an error, not an expectation). */
    public static String of(String expected, String actual) {
        if (expected == null && actual == null) return "";
        List<String> before = lines(expected);
        List<String> after = lines(actual);
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff("expected", "actual", before, DiffUtils.diff(before, after),
                Math.max(before.size(), after.size()));
        if (diff.isEmpty()) return "--- expected\n+++ actual\n  (they look the same: a difference of type or of characters not shown)\n";
        return String.join("\n", diff) + "\n";
    }

    /**
     * A value's lines: an HL7 message shows one segment a line already; a one-line JavaScript string with escaped
     * segment or line breaks ({@code \r}, {@code \n}) is split at them so that a changed field shows on its segment.
     */
    static List<String> lines(String value) {
        if (value == null) return List.of("(nothing)");
        if (value.contains("\n")) return Arrays.asList(value.split("\n", -1));
        return Arrays.asList(value.split("(?<=\\\\r)|(?<=\\\\n)", -1));
    }
}
