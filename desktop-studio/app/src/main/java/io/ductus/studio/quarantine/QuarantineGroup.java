package io.ductus.studio.quarantine;

import io.ductus.client.model.QuarantinedDelivery;
import java.util.List;

/** Quarantined deliveries that share a reason (digits and quoted values aside): one row of the grouped view. */
public record QuarantineGroup(String reason, List<QuarantinedDelivery> deliveries) {

    public QuarantineGroup {
        deliveries = List.copyOf(deliveries);
    }

    public long interfaces() {
        return deliveries.stream().map(d -> d.message().interfaceName()).distinct().count();
    }

    /** The reason without what differs between messages: numbers and quoted values become "…". */
    public static String key(String lastError) {
        if (lastError == null || lastError.isBlank()) return "(no reason given)";
        String first = lastError.lines().findFirst().orElse(lastError).strip();
        return first.replaceAll("'[^']*'", "'…'").replaceAll("\"[^\"]*\"", "\"…\"").replaceAll("\\d+", "#");
    }
}
