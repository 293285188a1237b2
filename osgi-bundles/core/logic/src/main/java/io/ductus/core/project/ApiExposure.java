package io.ductus.core.project;

import io.ductus.sdk.config.HostPort;
import java.util.Locale;
import java.util.Optional;

/** Whether the API is reachable from other machines in plain text: warned about at start and by ductus validate. */
public final class ApiExposure {

    private ApiExposure() {
    }

    /** The warning for an API listening off loopback without TLS, or empty. */
    public static Optional<String> warning(HostPort listen, ListenerSecurity security) {
        if (security.certificate().isPresent() || loopback(listen.host())) return Optional.empty();
        return Optional.of("the API listens on " + listen + " without TLS: passwords, session cookies and messages cross the"
                + " network in plain text; name a certificate pair in ductus.yaml api.tls (docs/security.md) or listen on 127.0.0.1");
    }

    static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT).replaceAll("^\\[|]$", "");
        return h.equals("localhost") || h.equals("::1") || h.startsWith("127.");
    }
}
