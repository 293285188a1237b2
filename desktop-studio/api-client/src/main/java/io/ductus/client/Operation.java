package io.ductus.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every operation of /api/v1 this client calls, as the engine's route table names it: method, path template
 * and operation id. ClientContractTest checks each against the engine's OpenAPI document, so an operation the
 * engine renamed or dropped fails the build. A new operation is one line here and one method in
 * {@link DuctusClient}.
 */
public enum Operation {
    GET_HEALTH("GET", "/api/v1/health", "getHealth"),
    GET_READY("GET", "/api/v1/ready", "getReady"),
    GET_ENGINE("GET", "/api/v1/engine", "getEngine"),
    LIST_INTERFACES("GET", "/api/v1/interfaces", "listInterfaces"),
    GET_INTERFACE("GET", "/api/v1/interfaces/{name}", "getInterface"),
    PAUSE_DESTINATION("POST", "/api/v1/interfaces/{name}/destinations/{destination}/pause", "pauseDestination"),
    RESUME_DESTINATION("POST", "/api/v1/interfaces/{name}/destinations/{destination}/resume", "resumeDestination"),
    RETRY_DESTINATION("POST", "/api/v1/interfaces/{name}/destinations/{destination}/retry", "retryDestination"),
    GET_HOTSPOTS("GET", "/api/v1/hotspots", "getHotspots"),
    GET_DRAIN("GET", "/api/v1/drain", "getDrain"),
    START_DRAIN("POST", "/api/v1/drain", "startDrain"),
    STOP_DRAIN("DELETE", "/api/v1/drain", "stopDrain"),
    LIST_ENGINES("GET", "/api/v1/engines", "listEngines"),
    DRAIN_ENGINE("POST", "/api/v1/engines/{id}/drain", "drainEngine"),
    MOVE_INTERFACE("POST", "/api/v1/interfaces/{name}/move", "moveInterface"),
    GET_RETENTION("GET", "/api/v1/retention", "getRetention"),
    CONFIRM_RETENTION("POST", "/api/v1/retention/{name}/confirm", "confirmRetention"),
    LIST_MESSAGES("GET", "/api/v1/messages", "listMessages"),
    GET_MESSAGE("GET", "/api/v1/messages/{id}", "getMessage"),
    GET_MESSAGE_PAYLOAD("GET", "/api/v1/messages/{id}/payload", "getMessagePayload"),
    GET_DELIVERY_OUTPUT("GET", "/api/v1/messages/{id}/deliveries/{destination}/output", "getDeliveryOutput"),
    LIST_QUARANTINE("GET", "/api/v1/quarantine", "listQuarantine"),
    RESEND_MESSAGES("POST", "/api/v1/messages/resend", "resendMessages"),
    RESEND_QUARANTINED("POST", "/api/v1/messages/resend-quarantined", "resendQuarantined"),
    EDIT_MESSAGE("POST", "/api/v1/messages/{id}/edit", "editMessage"),
    DISMISS_MESSAGES("POST", "/api/v1/messages/dismiss", "dismissMessages"),
    STREAM_EVENTS("GET", "/api/v1/events", "streamEvents"),
    CREATE_SESSION("POST", "/api/v1/session", "createSession"),
    DELETE_SESSION("DELETE", "/api/v1/session", "deleteSession"),
    GET_ME("GET", "/api/v1/me", "getMe"),
    LIST_MY_ACTIVITY("GET", "/api/v1/me/activity", "listMyActivity"),
    CHANGE_MY_PASSWORD("POST", "/api/v1/me/password", "changeMyPassword"),
    LIST_AUDIT("GET", "/api/v1/audit", "listAudit"),
    LIST_USERS("GET", "/api/v1/users", "listUsers"),
    CREATE_USER("POST", "/api/v1/users", "createUser"),
    SET_USER_PASSWORD("POST", "/api/v1/users/{id}/password", "setUserPassword"),
    LIST_TOKENS("GET", "/api/v1/tokens", "listTokens"),
    CREATE_TOKEN("POST", "/api/v1/tokens", "createToken"),
    REVOKE_TOKEN("DELETE", "/api/v1/tokens/{id}", "revokeToken"),
    LIST_ALERTS("GET", "/api/v1/alerts", "listAlerts"),
    GET_ALERT("GET", "/api/v1/alerts/{id}", "getAlert"),
    ACKNOWLEDGE_ALERT("POST", "/api/v1/alerts/{id}/acknowledge", "acknowledgeAlert"),
    LIST_ALERT_HISTORY("GET", "/api/v1/alert-history", "listAlertHistory"),
    LIST_NOTIFICATIONS("GET", "/api/v1/notifications", "listNotifications"),
    LIST_SILENCES("GET", "/api/v1/silences", "listSilences"),
    CREATE_SILENCE("POST", "/api/v1/silences", "createSilence"),
    END_SILENCE("DELETE", "/api/v1/silences/{id}", "endSilence"),
    LIST_CHANNELS("GET", "/api/v1/channels", "listChannels"),
    TEST_CHANNEL("POST", "/api/v1/channels/{name}/test", "testChannel"),
    LIST_REVISIONS("GET", "/api/v1/interfaces/{name}/revisions", "listRevisions"),
    GET_REVISION("GET", "/api/v1/interfaces/{name}/revisions/{revision}", "getRevision"),
    DIFF_REVISIONS("GET", "/api/v1/interfaces/{name}/diff", "diffRevisions"),
    DEPLOY_INTERFACE("POST", "/api/v1/interfaces/{name}/deploy", "deployInterface"),
    ROLLBACK_INTERFACE("POST", "/api/v1/interfaces/{name}/rollback", "rollbackInterface"),
    REMOVE_INTERFACE("POST", "/api/v1/interfaces/{name}/remove", "removeInterface"),
    DEPLOY_FROM_DISK("POST", "/api/v1/deploy", "deployFromDisk"),
    LIST_DRAFTS("GET", "/api/v1/drafts", "listDrafts"),
    GET_DRAFT("GET", "/api/v1/interfaces/{name}/draft", "getDraft"),
    SAVE_DRAFT("PUT", "/api/v1/interfaces/{name}/draft", "saveDraft"),
    DELETE_DRAFT("DELETE", "/api/v1/interfaces/{name}/draft", "deleteDraft"),
    TRIAL_INTERFACE("POST", "/api/v1/interfaces/{name}/trial", "trialInterface"),
    GET_CONFIG_SCHEMA("GET", "/api/v1/schema/{file}", "getConfigSchema"),
    CHECK_INTERFACE("POST", "/api/v1/interfaces/{name}/check", "checkInterface"),
    TEST_INTERFACE("POST", "/api/v1/interfaces/{name}/tests", "testInterface"),
    RECORD_INTERFACE_TEST("POST", "/api/v1/interfaces/{name}/tests/record", "recordInterfaceTest"),
    START_REPLAY("POST", "/api/v1/replays", "startReplay"),
    LIST_REPLAYS("GET", "/api/v1/replays", "listReplays"),
    GET_REPLAY("GET", "/api/v1/replays/{id}", "getReplay"),
    LIST_REPLAY_ROWS("GET", "/api/v1/replays/{id}/rows", "listReplayRows"),
    MAKE_REPLAY_TEST("POST", "/api/v1/replays/{id}/tests", "makeReplayTest"),
    CANCEL_REPLAY("POST", "/api/v1/replays/{id}/cancel", "cancelReplay");

    private static final Pattern PARAMETER = Pattern.compile("\\{([^}]+)}");

    private final String method;
    private final String path;
    private final String operationId;

    Operation(String method, String path, String operationId) {
        this.method = method;
        this.path = path;
        this.operationId = operationId;
    }

    public String method() {
        return method;
    }

    public String path() {
        return path;
    }

    public String operationId() {
        return operationId;
    }

    /** The path with its parameters filled in, in order, each percent-encoded as one segment. */
    public String expand(Object... values) {
        Matcher m = PARAMETER.matcher(path);
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (m.find()) {
            if (i >= values.length) throw new IllegalArgumentException(operationId + " needs a value for {" + m.group(1) + "}");
            m.appendReplacement(out, Matcher.quoteReplacement(
                    URLEncoder.encode(String.valueOf(values[i++]), StandardCharsets.UTF_8).replace("+", "%20")));
        }
        m.appendTail(out);
        if (i != values.length) throw new IllegalArgumentException(operationId + " takes " + i + " path value(s), not " + values.length);
        return out.toString();
    }
}
