package io.ductus.engine.api;

import java.util.List;
import java.util.Map;

/** What a handler sees of an HTTP request. */
public record ApiRequest(String method, String path, Map<String, List<String>> query) {
}
