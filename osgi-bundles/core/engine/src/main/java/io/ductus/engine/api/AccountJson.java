package io.ductus.engine.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.core.auth.Permission;
import io.ductus.store.account.AuditPage;
import io.ductus.store.account.AuditRecord;
import io.ductus.store.account.TokenRecord;
import io.ductus.store.account.UserRecord;
import java.io.IOException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Users, tokens, callers and audit rows as the API shows them (the schemas in {@link ApiSchemas}). */
final class AccountJson {

    private AccountJson() {
    }

    static Map<String, Object> me(Caller caller) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("actor", caller.actor());
        m.put("via", caller.via().label());
        m.put("user", caller.username());
        m.put("token", caller.via() == Caller.Via.TOKEN ? caller.actor().substring("token:".length()) : null);
        m.put("role", caller.access().role().label());
        m.put("permissions", Permission.labelsOf(caller.access().permissions()));
        m.put("mustChangePassword", caller.mustChangePassword());
        return m;
    }

    static Map<String, Object> user(UserRecord u, Instant now) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", u.id());
        m.put("username", u.username());
        m.put("role", u.role());
        m.put("permissions", new TreeSet<>(u.permissions()));
        m.put("mustChangePassword", u.mustChangePassword());
        Long lockedUntil = u.failures().lockedUntil();
        boolean locked = lockedUntil != null && lockedUntil > now.toEpochMilli();
        m.put("locked", locked);
        m.put("lockedUntil", locked ? time(lockedUntil) : null);
        m.put("createdAt", time(u.createdAt()));
        m.put("passwordChangedAt", time(u.passwordChangedAt()));
        return m;
    }

    static Map<String, Object> token(TokenRecord t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", t.id());
        m.put("name", t.name());
        m.put("role", t.role());
        m.put("permissions", new TreeSet<>(t.permissions()));
        m.put("owner", t.username());
        m.put("createdAt", time(t.createdAt()));
        m.put("createdBy", t.createdBy());
        m.put("revokedAt", time(t.revokedAt()));
        return m;
    }

    static Map<String, Object> page(AuditPage page) {
        List<Map<String, Object>> entries = page.entries().stream().map(AccountJson::entry).toList();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entries", entries);
        m.put("next", page.nextBeforeId());
        return m;
    }

    private static Map<String, Object> entry(AuditRecord r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", r.id());
        m.put("at", time(r.entry().at()));
        m.put("actor", r.entry().actor());
        m.put("via", r.entry().via());
        m.put("address", r.entry().address());
        m.put("action", r.entry().action());
        m.put("target", r.entry().target());
        m.put("outcome", r.entry().outcome());
        m.put("detail", detail(r.entry().detail()));
        return m;
    }

    private static JsonNode detail(String json) {
        if (json == null) return null;
        try {
            return ApiResponse.JSON.readTree(json);
        } catch (IOException e) {
            return ApiResponse.JSON.getNodeFactory().textNode(json);
        }
    }

    static String time(Long epochMillis) {
        return epochMillis == null ? null : Instant.ofEpochMilli(epochMillis).toString();
    }

    /** A required text field of a JSON body; 400 naming it otherwise. */
    static String text(JsonNode body, String field) {
        JsonNode node = body.get(field);
        if (node == null || !node.isTextual() || node.asText().isEmpty()) {
            throw ApiProblem.badRequest("the body needs \"" + field + "\" (a non-empty string).");
        }
        return node.asText();
    }

    /** An optional list of permission labels; 400 for anything else. */
    static List<String> permissions(JsonNode body) {
        JsonNode node = body.get("permissions");
        if (node == null || node.isNull()) return List.of();
        if (!node.isArray()) throw ApiProblem.badRequest("\"permissions\" is a list, e.g. [\"payloads\"].");
        List<String> labels = new java.util.ArrayList<>();
        for (JsonNode p : node) {
            if (!p.isTextual()) throw ApiProblem.badRequest("\"permissions\" holds names: " + Permission.labels() + ".");
            labels.add(p.asText());
        }
        return labels;
    }
}
