package io.ductus.store.replay;

import java.util.List;

/**
 * One message and destination of a replay that did not come out the same.
 *
 * @param kind   changed, decision_changed, error, not_comparable or drift
 * @param fields the paths that changed (for filtering)
 * @param detail decisions, reasons and differences (JSON)
 */
public record ReplayRow(long messageId, String destination, String interfaceName, String kind, List<String> fields, String detail) {

    public ReplayRow {
        fields = List.copyOf(fields);
    }
}
