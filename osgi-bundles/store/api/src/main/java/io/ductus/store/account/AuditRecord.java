package io.ductus.store.account;

/** One audit row as stored: the entry and its id (increasing: newest has the highest). */
public record AuditRecord(long id, AuditEntry entry) {
}
