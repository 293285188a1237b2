package io.ductus.engine.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.ductus.store.StoreException;
import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditEntry;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Audit rows of API calls: who (the caller), how, from where, what, to what, the outcome, a detail. */
final class Audits {

    private static final Logger LOG = LoggerFactory.getLogger(Audits.class);

    static final String OK = "ok";
    static final String REFUSED = "refused";

    private Audits() {
    }

    static AuditEntry of(Caller caller, long now, String action, String target, String outcome, Map<String, ?> detail) {
        return new AuditEntry(now, caller.actor(), caller.userId(), caller.tokenId(), caller.via().label(), caller.address(),
                action, target, outcome, json(detail));
    }

    /**
     * The audit row of an engine operation that is no database change (pause, resume, drain): written in
     * its own transaction right after the change succeeded, since there is no transaction to share. When
     * the database refuses it the change stands (it was made; refusing now would misreport it) and the
     * engine log keeps everything the row would have said.
     */
    static void recordAfter(AccountStore accounts, AuditEntry entry) {
        try {
            accounts.record(entry);
        } catch (StoreException e) {
            LOG.error("audit row not written ({}): {} by {} via {} from {} on {}: {} {}", e.getMessage(), entry.action(),
                    entry.actor(), entry.via(), entry.address(), entry.target(), entry.outcome(), entry.detail());
        }
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
