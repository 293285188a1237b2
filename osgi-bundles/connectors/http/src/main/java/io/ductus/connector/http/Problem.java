package io.ductus.connector.http;

import java.nio.charset.StandardCharsets;

/**
 * An error body as RFC 9457 describes it ({@code application/problem+json}): a status, a short title
 * and a detail saying what to do. Small enough to write by hand, so the bundle needs no JSON library.
 */
record Problem(int status, String title, String detail) {

    static final String CONTENT_TYPE = "application/problem+json";

    byte[] json() {
        return ("{\"type\":\"about:blank\",\"status\":" + status + ",\"title\":" + Json.string(title)
                + ",\"detail\":" + Json.string(detail) + "}").getBytes(StandardCharsets.UTF_8);
    }
}
