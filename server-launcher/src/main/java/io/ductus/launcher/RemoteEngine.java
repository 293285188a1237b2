package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import io.ductus.client.ApiException;
import io.ductus.client.DuctusClient;
import java.util.function.Function;

/**
 * A running engine as the CLI's remote commands call it: the shared typed client ({@link DuctusClient}, the
 * studio's too) with a token, and its failures in the CLI's words. Whatever keeps a call from succeeding (the
 * engine cannot be reached, refuses the token, does not let it do this, or says no) is an
 * {@link EngineCallException} that says what and what to do (exit code 1), except an engine's 400: the
 * command's arguments were wrong, a {@link BadArgumentException} (exit code 2).
 */
final class RemoteEngine {

    private final DuctusClient client;

    RemoteEngine(DuctusClient client) {
        this.client = client;
    }

    /** One call to the engine; a failure becomes an {@link EngineCallException} for the operator. */
    <T> T call(Function<DuctusClient, T> operation) {
        try {
            return operation.apply(client);
        } catch (ApiException e) {
            // The engine's detail, and each problem it listed (a refused deploy's files) on a line of its own.
            StringBuilder said = new StringBuilder(e.detail());
            for (String problem : e.problems()) said.append("\n  ").append(problem);
            String detail = said.toString();
            // The engine found the command's arguments wrong (a date it cannot read, a status it does not know): exit 2.
            if (e.status() == 400) throw new BadArgumentException(detail);
            throw new EngineCallException(describe(e, detail));
        }
    }

    /** GET of an operation the typed client has no method for yet (the replay's), as JSON. */
    JsonNode get(String path) {
        return call(c -> c.json("GET", path, null));
    }

    /** A POST, with a JSON body (a map, written by Jackson), of an operation the typed client has no method for yet. */
    JsonNode post(String path, Object body) {
        return call(c -> c.json("POST", path, body));
    }

    private String describe(ApiException e, String detail) {
        return switch (e.kind()) {
            case UNREACHABLE -> io.ductus.connector.listener.tls.ClientTls.refusal(e).isPresent()
                    ? "cannot reach the engine at " + client.base() + ": TLS handshake failed: "
                            + io.ductus.connector.listener.tls.ClientTls.refusal(e).get()
                            + " (--ca FILE trusts the API's CA; --cert and --key show a client certificate)"
                    : detail.startsWith("connection refused")
                    ? "cannot reach the engine at " + client.base() + " (connection refused): is ductus serve running there? --url says where"
                    : "cannot reach the engine at " + client.base() + ": " + detail;
            case UNAUTHORIZED -> "the engine refused the token: " + detail + " (--token or " + EngineOptions.TOKEN_VARIABLE + ")";
            case FORBIDDEN, PASSWORD_CHANGE_REQUIRED -> "not allowed: " + detail;
            default -> e.title() + ": " + detail;
        };
    }

    /** A call that did not succeed, in words for the operator. */
    static final class EngineCallException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EngineCallException(String message) {
            super(message);
        }
    }
}
