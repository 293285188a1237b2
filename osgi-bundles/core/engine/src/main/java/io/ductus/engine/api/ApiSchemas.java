package io.ductus.engine.api;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of the API's bodies, by name: the OpenAPI
 * document's components. Routes name them; a test checks every name a route uses is here.
 */
public final class ApiSchemas {

    private ApiSchemas() {
    }

    public static Map<String, Object> all() {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("Problem", object(List.of("title", "status", "detail"),
                "type", string("about:blank"), "title", string("what went wrong, in a few words"),
                "status", integer("the HTTP status"), "detail", string("what happened and what to do")));
        s.put("Health", object(List.of("status"), "status", enumeration("ok once started", "ok", "starting", "stopping")));
        s.put("Engine", object(List.of("version", "state"),
                "version", string("the engine's version"), "state", string("running, starting or stopping"),
                "startedAt", dateTime("when the engine started"), "uptimeSeconds", integer("seconds since then"),
                "database", object(List.of("kind", "location"), "kind", string("sqlite or postgres"),
                        "location", string("where; never with a password")),
                "bundles", array(anyObject("an OSGi bundle: id, symbolicName, version, state, location")),
                "connectorTypes", array(anyObject("a connector type: name, roles, description, bundle, bundleVersion, inUse")),
                "plugins", array(anyObject("a jar of the plugins folder: file, state, bundle, bundleVersion, reason")),
                "draining", bool("whether the engine stopped taking messages"),
                "interfaces", array(anyObject("an interface and its state"))));
        s.put("Ready", object(List.of("status", "reasons"), "status", enumeration("ready: send it work", "ready", "not ready"),
                "reasons", array(string("why it is not ready: starting, stopping, draining, the database does not answer"))));
        s.put("HealthSummary", object(List.of("state", "reason"),
                "state", enumeration("worst first: stopped, paused, error, ok", "stopped", "paused", "error", "ok"),
                "reason", nullableString("what to look at; null when ok")));
        s.put("Connector", object(List.of("type", "status"), "type", string("the connector type"),
                "status", enumeration("what the connector last reported; closed while it does not run (a drain, a stopped interface)",
                        "ok", "degraded", "failed", "closed"),
                "detail", nullableString("what it said with that status")));
        s.put("Destination", object(List.of("interface", "name", "paused", "connector", "pending", "quarantined", "health"),
                "interface", string("the interface"), "name", string("the destination"),
                "paused", bool("an operator paused it: its messages wait"), "connector", ref("Connector"),
                "pending", integer("deliveries waiting (retries included)"),
                "quarantined", integer("deliveries quarantined, not yet resent or dismissed"), "health", ref("HealthSummary")));
        s.put("Interface", object(List.of("name", "state", "source", "health", "destinations"),
                "name", string("the interface's folder name"),
                "state", enumeration("running; draining (its source closed for a drain); stopped", "running", "draining", "stopped"),
                "reason", nullableString("why it is stopped"), "source", ref("Connector"), "health", ref("HealthSummary"),
                "destinations", array(ref("Destination"))));
        s.put("InterfaceList", object(List.of("draining", "interfaces"), "draining", bool("whether the engine drains"),
                "interfaces", array(ref("Interface"))));
        s.put("Drain", object(List.of("draining", "drained", "pending", "pendingPaused"),
                "draining", bool("no source takes input"), "since", nullableDateTime("when the drain started"),
                "drained", bool("draining and nothing pending for a destination that is not paused: safe to stop"),
                "pending", integer("deliveries still pending for destinations that are not paused"),
                "pendingPaused", integer("deliveries waiting for paused destinations (they wait for a resume, not for the drain)")));
        s.put("EventStream", string("server-sent events: 'id:', 'event:' and one 'data:' line of JSON each; see docs/rest-api.md"));
        s.put("Metrics", string("Prometheus text format 0.0.4; see docs/rest-api.md for the names"));
        s.put("OpenApi", anyObject("this document"));
        s.put("SignIn", object(List.of("username", "password"), "username", string("the user's name"),
                "password", string("the user's password")));
        s.put("Me", object(List.of("actor", "via", "role", "permissions", "mustChangePassword"),
                "actor", string("user:NAME or token:NAME, as the audit log names the caller"),
                "via", enumeration("how the caller signed in", "session", "token"),
                "user", nullableString("the user (or the token's owner), or null for a service token"),
                "token", nullableString("the token's name, or null for a session"),
                "role", ref("Role"), "permissions", array(ref("Permission")),
                "mustChangePassword", bool("an admin chose the password: only getMe, changeMyPassword and deleteSession work until it is changed")));
        s.put("Session", object(List.of("me", "csrfToken", "idleTimeoutSeconds", "absoluteTimeoutSeconds"),
                "me", ref("Me"),
                "csrfToken", string("send it as X-CSRF-Token with every request that changes something"),
                "idleTimeoutSeconds", integer("the session ends after this long without a request"),
                "absoluteTimeoutSeconds", integer("the session ends this long after sign-in")));
        s.put("PasswordChange", object(List.of("currentPassword", "newPassword"),
                "currentPassword", string("the password now"), "newPassword", string("at least 12 characters")));
        s.put("PasswordSet", object(List.of("password"), "password", string("at least 12 characters; the user must change it at next sign-in")));
        s.put("Role", enumeration("viewer < operator < admin", "viewer", "operator", "admin"));
        s.put("Permission", enumeration("beyond the role: payloads (message contents), audit (the audit log)", "payloads", "audit"));
        s.put("User", object(List.of("id", "username", "role", "permissions", "mustChangePassword", "locked"),
                "id", integer("the user's id"), "username", string("the name to sign in with"), "role", ref("Role"),
                "permissions", array(ref("Permission")), "mustChangePassword", bool("an admin chose the password"),
                "locked", bool("too many wrong passwords: sign-in refused until lockedUntil"),
                "lockedUntil", nullableDateTime("when the lockout ends"), "createdAt", dateTime("when the user was made"),
                "passwordChangedAt", nullableDateTime("when the password was last set")));
        s.put("UserList", object(List.of("users"), "users", array(ref("User"))));
        s.put("NewUser", object(List.of("username", "role", "password"),
                "username", string("1 to 64 letters, digits, '.', '_', '@' or '-'"), "role", ref("Role"),
                "permissions", array(ref("Permission")),
                "password", string("at least 12 characters; the user must change it at first sign-in")));
        s.put("Token", object(List.of("id", "name", "role", "permissions", "createdAt", "createdBy"),
                "id", integer("the token's id"), "name", string("what it is for"), "role", ref("Role"),
                "permissions", array(ref("Permission")),
                "owner", nullableString("the user it acts for (never with more than they may), or null for a service token"),
                "createdAt", dateTime("when it was made"), "createdBy", string("who made it"),
                "revokedAt", nullableDateTime("when it was revoked; a revoked token is refused")));
        s.put("TokenList", object(List.of("tokens"), "tokens", array(ref("Token"))));
        s.put("NewToken", object(List.of("name", "role"),
                "name", string("1 to 64 letters, digits, '.', '_', '@' or '-'"), "role", ref("Role"),
                "permissions", array(ref("Permission")),
                "owner", nullableString("a user the token acts for: it may not be given more than they have")));
        s.put("CreatedToken", object(List.of("token", "secret"), "token", ref("Token"),
                "secret", string("dux_ and 64 hex digits: shown only this once; send it as Authorization: Bearer")));
        s.put("AuditEntry", object(List.of("id", "at", "actor", "via", "action", "outcome"),
                "id", integer("increasing: newer rows have higher ids"), "at", dateTime("when"),
                "actor", string("user:NAME, token:NAME, cli:OS-USER or anonymous"),
                "via", string("session, token, cli or anonymous"), "address", nullableString("the caller's IP address"),
                "action", string("what was done, e.g. user.create, token.revoke, session.refused"),
                "target", nullableString("to what, e.g. user:alice"), "outcome", enumeration("ok or refused", "ok", "refused"),
                "detail", Map.of("description", "more about it (a JSON value), or null")));
        s.put("AuditPage", object(List.of("entries"), "entries", array(ref("AuditEntry")),
                "next", Map.of("type", List.of("integer", "null"), "description", "pass as before= for the next page; null at the end")));
        return s;
    }

    static Map<String, Object> ref(String name) {
        return Map.of("$ref", "#/components/schemas/" + name);
    }

    private static Map<String, Object> object(List<String> required, Object... properties) {
        Map<String, Object> props = new LinkedHashMap<>();
        for (int i = 0; i < properties.length; i += 2) props.put((String) properties[i], properties[i + 1]);
        Map<String, Object> schema = new LinkedHashMap<>();
        schema.put("type", "object");
        schema.put("required", required);
        schema.put("properties", props);
        return schema;
    }

    private static Map<String, Object> anyObject(String description) {
        return Map.of("type", "object", "description", description);
    }

    private static Map<String, Object> array(Map<String, Object> items) {
        return Map.of("type", "array", "items", items);
    }

    private static Map<String, Object> string(String description) {
        return Map.of("type", "string", "description", description);
    }

    private static Map<String, Object> nullableString(String description) {
        return Map.of("type", List.of("string", "null"), "description", description);
    }

    private static Map<String, Object> dateTime(String description) {
        return Map.of("type", "string", "format", "date-time", "description", description);
    }

    private static Map<String, Object> nullableDateTime(String description) {
        return Map.of("type", List.of("string", "null"), "format", "date-time", "description", description);
    }

    private static Map<String, Object> integer(String description) {
        return Map.of("type", "integer", "description", description);
    }

    private static Map<String, Object> bool(String description) {
        return Map.of("type", "boolean", "description", description);
    }

    private static Map<String, Object> enumeration(String description, String... values) {
        return Map.of("type", "string", "enum", Arrays.asList(values), "description", description);
    }
}
