package io.ductus.engine.api;

import io.ductus.store.Changed;
import io.ductus.store.DeliveryChange;
import io.ductus.store.DeliveryRecord;
import io.ductus.store.Edited;
import io.ductus.store.MessageChange;
import io.ductus.store.MessageDetail;
import io.ductus.store.MessagePage;
import io.ductus.store.MessageSummary;
import io.ductus.store.QuarantinePage;
import io.ductus.store.QuarantinedDelivery;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The message browser's JSON: messages, deliveries and what an action changed. Never a payload or a saved
 * output: those have routes of their own that need the payloads permission.
 */
final class MessageJson {

    private MessageJson() {
    }

    static Map<String, Object> page(MessagePage page) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("messages", page.messages().stream().map(MessageJson::summary).toList());
        m.put("next", page.nextBeforeId());
        m.put("scanLimitReached", page.scanLimitReached());
        m.put("timeBudgetReached", page.timeBudgetReached());
        return m;
    }

    static Map<String, Object> summary(MessageSummary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("interface", s.interfaceName());
        m.put("receivedAt", instant(s.receivedAt()));
        m.put("status", label(s.status()));
        m.put("size", s.size());
        m.put("charset", s.charset());
        m.put("orderingKey", s.orderingKey());
        m.put("lane", s.lane());
        m.put("dedupeKey", s.dedupeKey());
        m.put("duplicateOf", s.duplicateOf());
        m.put("settledAt", s.settledAt() == null ? null : instant(s.settledAt()));
        m.put("editedFrom", s.editedFrom());
        return m;
    }

    static Map<String, Object> detail(MessageDetail d) {
        Map<String, Object> m = summary(d.summary());
        m.put("origin", d.sourceInfo());
        m.put("deliveries", d.deliveries().stream().map(MessageJson::delivery).toList());
        m.put("editedCopies", d.editedCopies());
        return m;
    }

    private static Map<String, Object> delivery(DeliveryRecord d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("destination", d.destination());
        m.put("status", label(d.status()));
        m.put("attempts", d.attempts());
        m.put("nextAttemptAt", d.nextAttemptAt() == null ? null : instant(d.nextAttemptAt()));
        m.put("lastError", d.lastError());
        m.put("outputSize", d.output() == null ? null : d.output().length);
        m.put("revision", d.revision());
        m.put("updatedAt", instant(d.updatedAt()));
        return m;
    }

    static Map<String, Object> quarantine(QuarantinePage page) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("deliveries", page.deliveries().stream().map(MessageJson::quarantined).toList());
        QuarantinedDelivery next = page.next();
        m.put("next", next == null ? null : Map.of("before", next.message().id(), "beforeDestination", next.destination()));
        return m;
    }

    private static Map<String, Object> quarantined(QuarantinedDelivery q) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("message", summary(q.message()));
        m.put("destination", q.destination());
        m.put("attempts", q.attempts());
        m.put("lastError", q.lastError());
        m.put("quarantinedAt", instant(q.quarantinedAt()));
        return m;
    }

    static Map<String, Object> changed(Changed changed) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("deliveries", changed.deliveries().stream().map(MessageJson::deliveryChange).toList());
        m.put("messages", changed.messages().stream().map(MessageJson::messageChange).toList());
        return m;
    }

    private static Map<String, Object> deliveryChange(DeliveryChange c) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("messageId", c.messageId());
        m.put("destination", c.destination().destination());
        m.put("before", label(c.before()));
        m.put("after", label(c.after()));
        return m;
    }

    private static Map<String, Object> messageChange(MessageChange c) {
        return Map.of("messageId", c.messageId(), "before", label(c.before()), "after", label(c.after()));
    }

    static Map<String, Object> edited(Edited edited) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("copyId", edited.copyId());
        m.put("interface", edited.interfaceName());
        m.put("destinations", edited.destinations());
        m.put("original", changed(edited.original()));
        return m;
    }

    private static String instant(long millis) {
        return Instant.ofEpochMilli(millis).toString();
    }

    static String label(Enum<?> status) {
        return status.name().toLowerCase(Locale.ROOT);
    }
}
