package io.ductus.studio.messages;

import io.ductus.studio.hl7.Hl7Node;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two HL7 messages compared field by field: each field path either holds (PID-5, OBX[2]-5), with both values
 * and whether they are the same, changed, only on the left (removed) or only on the right (added). Fields
 * chosen to be ignored (MSH-7, MSH-10 by default: they differ between any two messages) are left out. Pure.
 */
public final class MessageComparison {

    public enum Change { SAME, CHANGED, ADDED, REMOVED }

    public record Row(String path, String left, String right, Change change) {
    }

    public static final Set<String> DEFAULT_IGNORED = Set.of("MSH-7", "MSH-10");

    private MessageComparison() {
    }

    public static List<Row> compare(Hl7Node left, Hl7Node right, Set<String> ignored) {
        Map<String, String> a = fields(left);
        Map<String, String> b = fields(right);
        Map<String, String> order = new LinkedHashMap<>();
        a.keySet().forEach(k -> order.put(k, k));
        b.keySet().forEach(k -> order.putIfAbsent(k, k));
        List<Row> rows = new ArrayList<>();
        for (String path : order.keySet()) {
            if (ignored.contains(path)) continue;
            String l = a.get(path);
            String r = b.get(path);
            Change change = l == null ? Change.ADDED : r == null ? Change.REMOVED : l.equals(r) ? Change.SAME : Change.CHANGED;
            rows.add(new Row(path, l == null ? "" : l, r == null ? "" : r, change));
        }
        return rows;
    }

    /** Every field with a value, by path, in message order; empty fields count as absent (HL7 makes no difference). */
    private static Map<String, String> fields(Hl7Node message) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Hl7Node segment : message.children()) {
            for (Hl7Node field : segment.children()) {
                if (!field.value().isEmpty()) out.put(field.path(), field.value());
            }
        }
        return out;
    }
}
