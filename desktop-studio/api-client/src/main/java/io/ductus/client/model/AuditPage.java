package io.ductus.client.model;

import java.util.List;

/** One page of the audit log, newest first; {@code next} is the next page's before (null at the end). */
@ApiSchema("AuditPage")
public record AuditPage(List<AuditEntry> entries, Long next) {

    public AuditPage {
        entries = entries == null ? List.of() : List.copyOf(entries);
    }
}
