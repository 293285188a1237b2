package io.ductus.engine.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ductus.store.account.AuditEntry;
import java.util.Map;

/** Audit rows of API calls: who (the caller), how, from where, what, to what, the outcome, a detail. */
final class Audits {

    static final String OK = "ok";
    static final String REFUSED = "refused";

    private Audits() {
    }

    static AuditEntry of(Caller caller, long now, String action, String target, String outcome, Map<String, ?> detail) {
        return new AuditEntry(now, caller.actor(), caller.userId(), caller.tokenId(), caller.via().label(), caller.address(),
                action, target, outcome, json(detail));
    }

    static String json(Map<String, ?> detail) {
        if (detail == null || detail.isEmpty()) return null;
        try {
            return ApiResponse.JSON.writeValueAsString(detail);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an audit detail", e);
        }
    }
}
