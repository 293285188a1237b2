package io.ductus.engine.design;

import io.ductus.store.account.AuditEntry;
import java.util.Map;

/** Makes the audit row of what a caller did (the API knows the caller: who, how, from where). */
@FunctionalInterface
public interface AuditMaker {

    String OK = "ok";
    String REFUSED = "refused";

    AuditEntry make(String action, String target, String outcome, Map<String, ?> detail);

    /** For work no caller asked for (the start). */
    AuditMaker NONE = (action, target, outcome, detail) -> null;
}
