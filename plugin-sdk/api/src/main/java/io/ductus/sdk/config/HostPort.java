package io.ductus.sdk.config;

/**
 * A network address as settings write it: {@code 127.0.0.1:6661}, {@code lab.example.org:7001},
 * {@code [::1]:6661}. Port 0 means "any free port" for listeners.
 */
public record HostPort(String host, int port) {

    public HostPort {
        if (host == null || host.isBlank()) throw new IllegalArgumentException("host is empty");
        if (port < 0 || port > 65535) throw new IllegalArgumentException("port " + port + " is outside 0-65535");
    }

    /** Parses {@code host:port}; the message of the exception says what is wrong. */
    public static HostPort parse(String text) {
        String s = text == null ? "" : text.strip();
        int colon = s.lastIndexOf(':');
        if (colon <= 0 || colon == s.length() - 1) {
            throw new IllegalArgumentException("expected host:port, got '" + text + "'");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        else if (host.contains(":")) throw new IllegalArgumentException("write an IPv6 host in brackets, as [::1]:port, got '" + text + "'");
        String portText = s.substring(colon + 1);
        if (!portText.matches("\\d{1,5}")) throw new IllegalArgumentException("port must be a number, got '" + portText + "'");
        return new HostPort(host, Integer.parseInt(portText));
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
