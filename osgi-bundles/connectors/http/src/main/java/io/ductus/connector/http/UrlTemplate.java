package io.ductus.connector.http;

import io.ductus.sdk.OutboundMessage;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A URL with placeholders in its path and query: {@code {id}}, {@code {interface}}, {@code {destination}},
 * {@code {received:yyyyMMdd}} (UTC) and message fields such as {@code {PID-3.1}}. Values are
 * percent-encoded, so a field can never change the URL's structure (add a path segment, a query
 * parameter or another host). Scheme, host and port are fixed: placeholders may not appear there.
 */
final class UrlTemplate {

    private sealed interface Part permits Text, Field, Received {
    }

    private record Text(String text) implements Part {
    }

    private record Field(String name) implements Part {
    }

    private record Received(DateTimeFormatter format) implements Part {
    }

    private final String template;
    private final List<Part> parts;

    private UrlTemplate(String template, List<Part> parts) {
        this.template = template;
        this.parts = parts;
    }

    /** Parses and checks the template; the exception's message says what is wrong. */
    static UrlTemplate parse(String template) {
        String url = template.strip();
        List<Part> parts = parts(url);
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
        return new UrlTemplate(url, List.copyOf(parts));
    }

    private static URI checkedUri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getMessage());
        }
    }

    private static List<Part> parts(String url) {
        List<Part> parts = new ArrayList<>();
        int i = 0;
        while (i < url.length()) {
            int open = url.indexOf('{', i);
            int close = url.indexOf('}', i);
            if (close >= 0 && (open < 0 || close < open)) {
                throw new IllegalArgumentException("'}' at position " + (close + 1) + " has no matching '{'");
            }
            if (open < 0) {
                parts.add(new Text(url.substring(i)));
                break;
            }
            if (open > i) parts.add(new Text(url.substring(i, open)));
            close = url.indexOf('}', open);
            if (close < 0) throw new IllegalArgumentException("'{' at position " + (open + 1) + " is not closed");
            parts.add(placeholder(url.substring(open + 1, close).strip(), open));
            i = close + 1;
        }
        return parts;
    }

    private static Part placeholder(String name, int at) {
        if (name.isEmpty()) throw new IllegalArgumentException("empty placeholder {} at position " + (at + 1));
        if (name.equals("received")) return new Received(DateTimeFormatter.ofPattern("yyyyMMddHHmmssSSS"));
        if (name.startsWith("received:")) {
            try {
                return new Received(DateTimeFormatter.ofPattern(name.substring("received:".length())));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("{" + name + "}: not a date pattern (" + e.getMessage() + ")");
            }
        }
        return new Field(name);
    }

    /** The URL for a message, or the placeholder the message has no value for. */
    Resolved resolve(OutboundMessage message) {
        StringBuilder url = new StringBuilder();
        for (Part part : parts) {
            switch (part) {
                case Text t -> url.append(t.text());
                case Received r -> url.append(encode(r.format().format(message.receivedAt().atZone(ZoneOffset.UTC))));
                case Field f -> {
                    Optional<String> value = value(f.name(), message);
                    if (value.isEmpty() || value.get().isBlank()) return new Resolved(null, f.name());
                    url.append(encode(value.get()));
                }
            }
        }
        return new Resolved(URI.create(url.toString()), null);
    }

    private static Optional<String> value(String name, OutboundMessage message) {
        return switch (name) {
            case "id" -> Optional.of(Long.toString(message.messageId()));
            case "interface" -> Optional.of(message.interfaceName());
            case "destination" -> Optional.of(message.destinationName());
            default -> message.field(name);
        };
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
