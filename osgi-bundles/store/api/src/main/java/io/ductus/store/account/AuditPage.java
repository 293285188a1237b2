package io.ductus.store.account;

import java.util.List;

/** Audit rows newest first; {@code nextBeforeId} is where the next page starts, or null at the end. */
public record AuditPage(List<AuditRecord> entries, Long nextBeforeId) {
}
