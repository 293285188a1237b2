package io.ductus.connector.http;

import java.util.List;
import java.util.Map;

/**
 * A request that passed the listener's checks (path, method, size, content type), in plain terms.
 *
 * @param method    upper case
 * @param path      without the query
 * @param query     parameters by name with their values in order
 * @param headers   by lower-case name, repeated ones joined with ", "
 * @param body      the exact bytes received
 * @param mediaType the Content-Type as read
 * @param origin    remote address, method, path and content type, kept with a stored message for audit
 */
record ReceivedRequest(String method, String path, Map<String, List<String>> query, Map<String, String> headers,
                       byte[] body, MediaType mediaType, Map<String, String> origin) {
}
