package io.ductus.connector.http;

import io.ductus.sdk.OutboundMessage;
import io.ductus.sdk.files.PathTemplate;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A URL with placeholders in its path and query: {@code {id}}, {@code {interface}}, {@code {destination}},
 * {@code {received:yyyyMMdd}} (UTC) and message fields such as {@code {PID-3.1}}. Values are
 * percent-encoded, so a field can never change the URL's structure (add a path segment, a query
 * parameter or another host). Scheme, host and port are fixed: placeholders may not appear there.
 */
final class UrlTemplate {

    private final String template;
    private final PathTemplate placeholders;

    private UrlTemplate(String template, PathTemplate placeholders) {
        this.template = template;
        this.placeholders = placeholders;
    }

    /** Parses and checks the template; the exception's message says what is wrong. */
    static UrlTemplate parse(String template) {
        String url = template.strip();
        if (url.isEmpty()) throw new IllegalArgumentException("the URL must start with http:// or https://, got ''");
        PathTemplate placeholders = PathTemplate.parse(url); // the same placeholders as file paths
        URI fixed = checkedUri(url.replaceAll("\\{[^}]*}", "x"));
        String scheme = fixed.getScheme() == null ? "" : fixed.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("the URL must start with http:// or https://, got '" + template + "'");
        }
        if (fixed.getHost() == null) throw new IllegalArgumentException("the URL has no host: '" + template + "'");
        int authorityEnd = url.indexOf('/', url.indexOf("://") + 3);
        int firstPlaceholder = url.indexOf('{');
        if (firstPlaceholder >= 0 && (authorityEnd < 0 || firstPlaceholder < authorityEnd)) {
            throw new IllegalArgumentException("placeholders may stand in the URL's path and query only, not in its host or port");
        }
        return new UrlTemplate(url, placeholders);
    }

    private static URI checkedUri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getMessage());
        }
    }

    /** The URL for a message, or the placeholder the message has no value for. */
    Resolved resolve(OutboundMessage message) {
        PathTemplate.Resolved resolved = placeholders.resolve(message, UrlTemplate::encode, UrlTemplate::encode);
        return resolved.missing() != null ? new Resolved(null, resolved.missing()) : new Resolved(URI.create(resolved.path()), null);
    }

    /** Percent-encodes everything but the unreserved characters (RFC 3986), so a value stays one value. */
    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20").replace("%7E", "~").replace("*", "%2A");
    }

    /** A resolved URL, or the placeholder that had no value. */
    record Resolved(URI uri, String missing) {
    }

    @Override
    public String toString() {
        return template;
    }
}
