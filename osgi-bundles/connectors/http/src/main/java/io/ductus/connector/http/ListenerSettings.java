package io.ductus.connector.http;

import io.ductus.sdk.config.HostPort;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * What an HTTP listener was configured with.
 *
 * @param listen       the address to bind
 * @param path         the path served (requests to it or below it); always starts with {@code /}, no trailing {@code /}
 *                     except for the root itself
 * @param methods      the methods accepted, in upper case; others get 405
 * @param maxBodyBytes the largest body accepted; larger ones get 413
 * @param contentTypes the media types accepted (lower case, no parameters); empty: any
 * @param respond      true: the interface's code answers each request (respond mode); false: store and answer 202
 * @param idleTimeout  a connection that sends nothing for this long is closed
 * @param retryAfter   what a 503 asks the sender to wait before trying again
 * @param maxConnections connections taken at once; more are closed as they come
 * @param maxConnectionsPerAddress connections taken at once from one address
 * @param frameTimeout a request (headers and body) must come whole within this of its first byte
 */
record ListenerSettings(HostPort listen, String path, Set<String> methods, int maxBodyBytes, List<String> contentTypes,
                        boolean respond, Duration idleTimeout, Duration retryAfter, int maxConnections,
                        int maxConnectionsPerAddress, Duration frameTimeout) {

    ListenerSettings {
        methods = Set.copyOf(methods);
        contentTypes = List.copyOf(contentTypes);
    }

    /**
     * Whether a request path, normalized ({@code HttpPaths}), is the configured path or below it ({@code /orders}
     * serves {@code /orders/17}, not {@code /orders2}).
     */
    boolean serves(String requestPath) {
        if (path.equals("/")) return true;
        return requestPath.equals(path) || requestPath.startsWith(path + "/");
    }

    /** Seconds for the Retry-After header: at least 1. */
    long retryAfterSeconds() {
        return Math.max(1, (retryAfter.toMillis() + 999) / 1000);
    }
}
