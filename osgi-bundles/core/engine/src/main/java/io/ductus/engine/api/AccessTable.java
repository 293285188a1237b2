package io.ductus.engine.api;

import static io.ductus.core.auth.Requirement.OPEN;
import static io.ductus.core.auth.Requirement.role;

import io.ductus.core.auth.Permission;
import io.ductus.core.auth.Requirement;
import io.ductus.core.auth.Role;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who may call each operation: the one table the router checks before any handler runs. An operation
 * without a row is refused by the router (and fails AccessTableTest), so nothing is open by omission.
 */
public final class AccessTable {

    private static final Requirement VIEWER = role(Role.VIEWER);
    private static final Requirement OPERATOR = role(Role.OPERATOR);
    private static final Requirement ADMIN = role(Role.ADMIN);

    private static final Map<String, Requirement> ROWS = Map.ofEntries(
            // Load balancers (health, ready), tools reading the API description, and signing in need no caller.
            Map.entry("getHealth", OPEN),
            Map.entry("getReady", OPEN),
            Map.entry("getOpenApi", OPEN),
            Map.entry("createSession", OPEN),
            Map.entry("deleteSession", VIEWER),
            Map.entry("getEngine", VIEWER),
            Map.entry("listInterfaces", VIEWER),
            Map.entry("getInterface", VIEWER),
            Map.entry("pauseDestination", OPERATOR),
            Map.entry("resumeDestination", OPERATOR),
            Map.entry("retryDestination", OPERATOR),
            Map.entry("getDrain", VIEWER),
            Map.entry("startDrain", OPERATOR),
            Map.entry("stopDrain", OPERATOR),
            // Engines on one database: anyone may see who delivers what; moving and draining are operators' (audited).
            Map.entry("listEngines", VIEWER),
            Map.entry("drainEngine", OPERATOR),
            Map.entry("moveInterface", OPERATOR),
            // A shorter window deletes messages the old one kept: an administrator's decision.
            Map.entry("getRetention", VIEWER),
            Map.entry("confirmRetention", ADMIN),
            Map.entry("streamEvents", VIEWER),
            // Browsing shows ids, keys and errors; contents need the payloads permission, and editing
            // (which shows and rewrites a payload) needs it too.
            Map.entry("listMessages", VIEWER),
            Map.entry("getMessage", VIEWER),
            Map.entry("getMessagePayload", VIEWER.and(Permission.PAYLOADS)),
            Map.entry("getDeliveryOutput", VIEWER.and(Permission.PAYLOADS)),
            Map.entry("listQuarantine", VIEWER),
            Map.entry("resendMessages", OPERATOR),
            Map.entry("resendQuarantined", OPERATOR),
            Map.entry("editMessage", OPERATOR.and(Permission.PAYLOADS)),
            Map.entry("dismissMessages", OPERATOR),
            // Design: operators change what runs (deploy, roll back, remove) and try code on the server;
            // viewers read the history. Drafts are working copies of code that would run, so operators'.
            // A trial of stored messages also needs payloads (checked by the handler: inline ones do not).
            Map.entry("deployInterface", OPERATOR),
            Map.entry("rollbackInterface", OPERATOR),
            Map.entry("removeInterface", OPERATOR),
            Map.entry("deployFromDisk", OPERATOR),
            Map.entry("listRevisions", VIEWER),
            Map.entry("getRevision", VIEWER),
            Map.entry("diffRevisions", VIEWER),
            Map.entry("listDrafts", OPERATOR),
            Map.entry("getDraft", OPERATOR),
            Map.entry("saveDraft", OPERATOR),
            Map.entry("deleteDraft", OPERATOR),
            Map.entry("trialInterface", OPERATOR),
            Map.entry("testInterface", OPERATOR),
            Map.entry("checkInterface", OPERATOR),
            Map.entry("recordInterfaceTest", OPERATOR),
            Map.entry("getConfigSchema", VIEWER),
            // Replays run code on the server (operators'); counts are anyone's; rows show field values (payloads).
            Map.entry("startReplay", OPERATOR),
            Map.entry("listReplays", VIEWER),
            Map.entry("getReplay", VIEWER),
            Map.entry("listReplayRows", VIEWER.and(Permission.PAYLOADS)),
            Map.entry("cancelReplay", OPERATOR),
            Map.entry("makeReplayTest", OPERATOR.and(Permission.PAYLOADS)),
            // Queue sizes and interface names are for the engine's users, not for anyone on the network:
            // Prometheus sends a viewer token (authorization: credentials_file).
            Map.entry("getMetrics", VIEWER),
            Map.entry("listCertificates", VIEWER),
            Map.entry("getHotspots", VIEWER),
            // Alerts: anyone who may see health may see them; acting on them is an operator's (each with its audit row).
            Map.entry("listAlerts", VIEWER),
            Map.entry("getAlert", VIEWER),
            Map.entry("listAlertHistory", VIEWER),
            Map.entry("listNotifications", VIEWER),
            Map.entry("listSilences", VIEWER),
            Map.entry("listChannels", VIEWER),
            Map.entry("acknowledgeAlert", OPERATOR),
            Map.entry("createSilence", OPERATOR),
            Map.entry("endSilence", OPERATOR),
            Map.entry("testChannel", OPERATOR),
            Map.entry("getMe", VIEWER),
            Map.entry("listMyActivity", VIEWER),
            Map.entry("changeMyPassword", VIEWER),
            Map.entry("listAudit", VIEWER.and(Permission.AUDIT)),
            Map.entry("listUsers", ADMIN),
            Map.entry("createUser", ADMIN),
            Map.entry("setUserPassword", ADMIN),
            Map.entry("listTokens", ADMIN),
            Map.entry("createToken", ADMIN),
            Map.entry("revokeToken", ADMIN));

    /** What a user whose password an admin chose may still do before changing it. */
    private static final Set<String> BEFORE_PASSWORD_CHANGE = Set.of("getMe", "changeMyPassword", "deleteSession");

    private AccessTable() {
    }

    public static Optional<Requirement> requirement(String operationId) {
        return Optional.ofNullable(ROWS.get(operationId));
    }

    public static boolean allowedBeforePasswordChange(String operationId) {
        return BEFORE_PASSWORD_CHANGE.contains(operationId);
    }

    public static Set<String> operations() {
        return ROWS.keySet();
    }
}
